import { i18n } from '../../../../lib/i18n';
import { useState } from 'react';
import { LoadError } from '../../../../components/ui/LoadError';
import { LoadingStatus } from '../../../../components/ui/LoadingStatus';
import { useUniversity } from '../../api/get-university';
import { SectionHeader } from '../SectionHeader';
import { ContactsForm } from './ContactsForm';
import { LogoCard } from './LogoCard';
import { ProfileForm } from './ProfileForm';

/** Route /admin/university: the profile the portal shows and signs people in by. */
export function UniversityPage() {
  const university = useUniversity();
  const [saved, setSaved] = useState<string | null>(null);
  const [contactsSaved, setContactsSaved] = useState<string | null>(null);

  return (
    <section aria-labelledby="university-heading">
      <SectionHeader title={i18n._('University')} id="university-heading">
        {i18n._('The university this portal serves: its name, who may sign in, what About Us says, and who to reach about ragging.')}
      </SectionHeader>
      {university.isPending ? (
        <LoadingStatus label={i18n._('Loading the university profile…')} />
      ) : university.isError ? (
        <LoadError error={university.error} onRetry={() => void university.refetch()} />
      ) : (
        <>
          {/* A new answer from the server (after a save) starts the form again from what it holds. */}
          <ProfileForm key={university.data.updatedAt} university={university.data} saved={saved} onSaved={setSaved} />
          <ContactsForm key={JSON.stringify(university.data.contacts)} university={university.data} saved={contactsSaved} onSaved={setContactsSaved} />
          <LogoCard university={university.data} />
        </>
      )}
    </section>
  );
}
