import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CatalogGate } from '../../../components/CatalogGate';
import { SignedInGate } from '../../../components/SignedInGate';
import { Alert } from '../../../components/ui/Alert';
import { PageHeading } from '../../../components/ui/PageHeading';
import { Button } from '../../../components/ui/Button';
import { card, textLink } from '../../../components/ui/styles';
import { errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { usePlaceQuery } from '../../../lib/place';
import { i18n } from '../../../lib/i18n';
import { useLogout } from '../api/logout';

import { PlaceForm } from './PlaceForm';
import { WhatsAppCard } from './WhatsAppCard';

/** The remembered place, once it is known (the form starts from it). */
function YourRoom() {
  const place = usePlaceQuery();
  if (place.isPending) return null;
  return <CatalogGate loadingLabel={i18n._('Loading your room…')}>{(catalog) => <PlaceForm catalog={catalog} place={place.data ?? null} />}</CatalogGate>;
}

/**
 * Route /userInfo: who is signed in, the language they read (`languageChoice`, composed in by the
 * app), their room (filled into the forms), and the Sign Out button; below, a student's WhatsApp
 * (when the portal has it).
 */
export function UserInfoPage({ languageChoice }: { languageChoice?: ReactNode }) {
  const logout = useLogout();

  return (
    <section aria-labelledby="user-info-heading" className="mx-auto max-w-xl">
      <PageHeading id="user-info-heading" title={i18n._('Your account · Hostel Complaint Portal')}>
        {i18n._('Your account')}
      </PageHeading>
      <SignedInGate>
        {(user) => (
          <>
            <div className={cn(card, 'mt-6')}>
              <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-[max-content_1fr]" data-testid="user-info">
                <dt className="text-sm font-medium text-slate-600">{i18n._('Name')}</dt>
                <dd className="-mt-3 text-base font-semibold text-slate-900 sm:mt-0">{user.name}</dd>
                <dt className="text-sm font-medium text-slate-600">{i18n._('Id')}</dt>
                <dd className="-mt-3 font-mono text-base text-slate-900 sm:mt-0">{user.regId || i18n._('Not available')}</dd>
                <dt className="text-sm font-medium text-slate-600">{i18n._('E-mail')}</dt>
                <dd className="-mt-3 text-base wrap-anywhere text-slate-900 sm:mt-0">{user.email}</dd>
              </dl>

              {languageChoice}

              {user.role === 'student' && <YourRoom />}

              <p className="mt-6">
                <Link to="/settings/notifications" className={textLink}>
                  {i18n._('Notifications: push, e-mail and the bell')}
                </Link>
              </p>

              {logout.isError && (
                <Alert className="mt-6">
                  <p>{errorMessage(logout.error)}</p>
                </Alert>
              )}

              <Button variant="primary" className="mt-6 w-full sm:w-auto" pending={logout.isPending} onClick={() => logout.mutate()}>
                {i18n._('Sign Out')}
              </Button>
            </div>
            {user.role === 'student' && <WhatsAppCard />}
          </>
        )}
      </SignedInGate>
    </section>
  );
}
