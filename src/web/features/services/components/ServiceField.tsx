import { localName } from '../../../../shared/catalog';
import type { PublicCatalog } from '../../../../shared/catalog';
import { Select } from '../../../components/ui/Controls';
import { Field } from '../../../components/ui/Field';
import { slot as elementSlot, WithSlots } from '../../../components/ui/WithSlots';
import { i18n, useLocale } from '../../../lib/i18n';
import { fieldId } from '../lib/assistance';

type Service = PublicCatalog['services'][number];

interface ServiceFieldProps {
  services: readonly Service[];
  /** The services that cannot be requested yet, named under the field. */
  closed: readonly Service[];
  /** The service the form is for; none when no service is open. */
  value: string | undefined;
  error: string | undefined;
  onChoose: (key: string) => void;
}

/** Which service: every one is listed, a closed one disabled and said to be under construction. */
export function ServiceField({ services, closed, value, error, onChoose }: ServiceFieldProps) {
  const locale = useLocale();
  return (
    <Field
      id={fieldId('service')}
      label={i18n._('Service')}
      error={error}
      hint={
        closed.length > 0 ? (
          <ul>
            {closed.map((s) => (
              <li key={s.key}>
                {/* Seed §2: a disabled service shows "Under Construction !"; the plain words follow it. */}
                <WithSlots
                  text={i18n._('{service}: {soon} It cannot be requested yet.', { service: localName(locale, s, 'label'), soon: elementSlot('soon') })}
                  slots={{ soon: <strong className="font-semibold text-slate-800">{i18n._('Under Construction !')}</strong> }}
                />
              </li>
            ))}
          </ul>
        ) : undefined
      }
    >
      {(control) => (
        <Select {...control} value={value ?? ''} onChange={(event) => onChoose(event.target.value)}>
          {value === undefined && <option value="">{i18n._('No service is open at the moment')}</option>}
          {services.map((item) => (
            <option key={item.key} value={item.key} disabled={!item.enabled}>
              {localName(locale, item, 'label')}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}
