import { i18n } from '../../../../lib/i18n';
import { useState } from 'react';
import type { HostelAdmin } from '../../../../../shared/admin';
import { LoadError } from '../../../../components/ui/LoadError';
import { LoadingStatus } from '../../../../components/ui/LoadingStatus';
import { StatusMessage } from '../../../../components/ui/StatusMessage';
import { card } from '../../../../components/ui/styles';
import { cn } from '../../../../lib/cn';
import { useHostels } from '../../api/get-hostels';
import { useCardNotes } from '../../lib/card-notes';
import { RetirableLists } from '../RetirableCard';
import { SectionHeader } from '../SectionHeader';
import { HostelCard } from './HostelCard';
import { HostelForm } from './HostelForm';
import { QrLabelsCard } from './QrLabelsCard';

function AddHostel() {
  const [added, setAdded] = useState<string | null>(null);
  return (
    <section aria-labelledby="add-hostel-heading" className={cn(card, 'mt-6')}>
      <h2 id="add-hostel-heading" className="text-lg font-semibold text-slate-900">
        {i18n._('Add a hostel')}
      </h2>
      <HostelForm onSaved={setAdded} onSubmitStart={() => setAdded(null)} />
      <StatusMessage message={added} className="mt-3" />
    </section>
  );
}

/** Route /admin/hostels: the hostels students choose from, their floors and rooms. */
export function HostelsPage() {
  const hostels = useHostels();
  const notes = useCardNotes();
  const renderHostel = (h: HostelAdmin) => <HostelCard key={h.id} hostel={h} {...notes(h.id)} />;

  return (
    <section aria-labelledby="hostels-heading">
      <SectionHeader title={i18n._('Hostels')} id="hostels-heading">
        {i18n._('The hostels students choose in every form, with the floors and room numbers a complaint may give. A retired hostel leaves the forms; its complaints stay.')}
      </SectionHeader>
      <AddHostel />
      {hostels.isPending ? (
        <LoadingStatus label={i18n._('Loading the hostels…')} />
      ) : hostels.isError ? (
        <LoadError error={hostels.error} onRetry={() => void hostels.refetch()} />
      ) : (
        <RetirableLists
          noun="hostels"
          inUseLabel={i18n._('Hostels in use')}
          retiredLabel={i18n._('Retired hostels')}
          items={hostels.data.items}
          isRetired={(h) => h.retired}
          renderItem={renderHostel}
          emptyInUse={i18n._('No hostel is in use: students cannot file complaints until one is added.')}
        />
      )}
      {hostels.data && <QrLabelsCard hostels={hostels.data.items} />}
    </section>
  );
}
