import { i18n } from '../../../../lib/i18n';
import { useState } from 'react';
import { StatusMessage } from '../../../../components/ui/StatusMessage';
import { card } from '../../../../components/ui/styles';
import { cn } from '../../../../lib/cn';
import { SectionHeader } from '../SectionHeader';
import { PeopleList } from './PeopleList';
import { PersonForm } from './PersonForm';

function AddPerson() {
  const [added, setAdded] = useState<string | null>(null);
  return (
    <section aria-labelledby="add-person-heading" className={cn(card, 'mt-6')}>
      <h2 id="add-person-heading" className="text-lg font-semibold text-slate-900">
        {i18n._('Add staff by e-mail')}
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        {i18n._('They get their role when they first sign in. Addresses outside the university domain can sign in only when added here.')}
      </p>
      <PersonForm onSaved={setAdded} onSubmitStart={() => setAdded(null)} />
      <StatusMessage message={added} className="mt-3" />
    </section>
  );
}

/** Route /admin/people: roles, the anti-ragging duty and scopes; adding staff by e-mail; disabling accounts. */
export function PeoplePage() {
  return (
    <section aria-labelledby="admin-people-heading">
      <SectionHeader title={i18n._('People')} id="admin-people-heading">
        {i18n._('Who works complaints and where. Staff and wardens see the complaints of their scopes; a disabled account cannot sign in.')}
      </SectionHeader>
      <AddPerson />
      <PeopleList />
    </section>
  );
}
