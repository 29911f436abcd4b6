import type { ReactNode } from 'react';
import { localName, type RaggingContactsInfo } from '../../../../shared/catalog';
import { i18n, useLocale } from '../../../lib/i18n';

const telHref = (number: string) => `tel:${number.replace(/[^\d+]/g, '')}`;

const link = 'font-semibold text-purple-900 underline underline-offset-2 hover:text-purple-950';

/** A phone number to tap, and an address to write to; either may be missing. */
function Reach({ phone, email }: { phone: string; email: string }) {
  const parts: ReactNode[] = [];
  if (phone) {
    parts.push(
      <a key="phone" href={telHref(phone)} className={`${link} whitespace-nowrap`}>
        {phone}
      </a>,
    );
  }
  if (email) {
    parts.push(
      <a key="email" href={`mailto:${email}`} className={`${link} wrap-anywhere`}>
        {email}
      </a>,
    );
  }
  return <>{parts.flatMap((part, index) => (index === 0 ? [part] : [<span key={`and-${index}`}> · </span>, part]))}</>;
}

/**
 * Who a student can call or write to about ragging, besides this form: the national helpline, the
 * university's anti-ragging committee and its nodal officer (the UGC regulations want them shown).
 * From the catalogue, so an administrator's change shows at once.
 */
export function RaggingContacts({ contacts }: { contacts: RaggingContactsInfo }) {
  const locale = useLocale();
  return (
    <section aria-labelledby="ragging-help-heading" className="rounded-lg border border-purple-200 bg-purple-50 p-4 text-purple-950" data-testid="ragging-help">
      <h2 id="ragging-help-heading" className="font-semibold">
        {i18n._('Talk to someone now')}
      </h2>
      <dl className="mt-2 space-y-2">
        <div>
          <dt className="text-sm">{i18n._('National anti-ragging helpline')}</dt>
          <dd>
            <Reach phone={contacts.raggingHelpline} email="" />
          </dd>
        </div>
        <div>
          <dt className="text-sm">{localName(locale, contacts, 'committeeName')}</dt>
          <dd>
            <Reach phone={contacts.committeePhone} email={contacts.committeeEmail} />
          </dd>
        </div>
        <div>
          <dt className="text-sm">{i18n._('Nodal officer: {name}', { name: contacts.nodalOfficerName })}</dt>
          <dd>
            <Reach phone={contacts.nodalOfficerPhone} email={contacts.nodalOfficerEmail} />
          </dd>
        </div>
      </dl>
    </section>
  );
}
