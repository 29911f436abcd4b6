import { Link } from 'react-router';
import type { RaggingContactsInfo } from '../../shared/catalog';
import { slot, WithSlots } from '../components/ui/WithSlots';
import { i18n } from '../lib/i18n';

/** A phone number as a tap-to-call link; the number never breaks across lines. */
function Phone({ number }: { number: string }) {
  return (
    <a href={`tel:${number.replace(/[^\d+]/g, '')}`} className="whitespace-nowrap underline underline-offset-2">
      {number}
    </a>
  );
}

/**
 * The footer's anti-ragging line on every page (the UGC regulations want the helpline and the
 * nodal officer shown): "Report ragging · Anti-ragging helpline … · Nodal officer: name, phone, e-mail".
 */
export default function RaggingContactsLine({ contacts, form }: { contacts: RaggingContactsInfo; form: string }) {
  return (
    <p className="text-slate-800" data-testid="ragging-contacts">
      <Link to={form} className="font-semibold underline underline-offset-2">
        {i18n._('Report ragging')}
      </Link>{' '}
      <WithSlots
        text={
          contacts.nodalOfficerPhone
            ? i18n._('· Anti-ragging helpline {helpline} · Nodal officer: {name}, {phone}, {email}', {
                helpline: slot('helpline'),
                name: contacts.nodalOfficerName,
                phone: slot('phone'),
                email: slot('email'),
              })
            : i18n._('· Anti-ragging helpline {helpline} · Nodal officer: {name}, {email}', {
                helpline: slot('helpline'),
                name: contacts.nodalOfficerName,
                email: slot('email'),
              })
        }
        slots={{
          helpline: <Phone number={contacts.raggingHelpline} />,
          phone: contacts.nodalOfficerPhone ? <Phone number={contacts.nodalOfficerPhone} /> : null,
          email: (
            <a href={`mailto:${contacts.nodalOfficerEmail}`} className="wrap-anywhere underline underline-offset-2">
              {contacts.nodalOfficerEmail}
            </a>
          ),
        }}
      />
    </p>
  );
}
