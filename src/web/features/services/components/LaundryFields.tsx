import { LAUNDRY_ITEMS_MAX, LAUNDRY_SLOTS } from '../../../../shared/catalog';
import { Field } from '../../../components/ui/Field';
import { fieldControl } from '../../../components/ui/styles';
import { i18n } from '../../../lib/i18n';
import { fieldId, type FieldErrors } from '../lib/assistance';

export interface LaundryValues {
  items: string;
  slot: string;
  note: string;
}

interface LaundryFieldsProps {
  values: LaundryValues;
  onChange: (change: Partial<LaundryValues>) => void;
  errors: FieldErrors;
}

/** What a laundry pickup adds to the room: how many items, when, and a note. */
export function LaundryFields({ values, onChange, errors }: LaundryFieldsProps) {
  return (
    <>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id={fieldId('items')} label={i18n._('Number of items')} error={errors.items} hint={i18n._('1 to {max}', { max: LAUNDRY_ITEMS_MAX })}>
          {(control) => (
            <input
              {...control}
              type="number"
              inputMode="numeric"
              min={1}
              max={LAUNDRY_ITEMS_MAX}
              step={1}
              required
              className={fieldControl}
              value={values.items}
              onChange={(event) => onChange({ items: event.target.value })}
            />
          )}
        </Field>

        <Field id={fieldId('slot')} label={i18n._('Pickup time')} error={errors.slot}>
          {(control) => (
            <select
              {...control}
              className={fieldControl}
              value={values.slot}
              onChange={(event) => onChange({ slot: event.target.value })}
              required
            >
              <option value="">{i18n._('Choose a pickup time')}</option>
              {LAUNDRY_SLOTS.map((s) => (
                <option key={s} value={s}>
                  {i18n._(s)}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>

      <Field id={fieldId('note')} label={i18n._('Note (optional)')} error={errors.note} hint={i18n._('For example: two shirts need ironing.')}>
        {(control) => (
          <input
            {...control}
            type="text"
            maxLength={300}
            autoComplete="off"
            className={fieldControl}
            value={values.note}
            onChange={(event) => onChange({ note: event.target.value })}
          />
        )}
      </Field>
    </>
  );
}
