import type { Control } from 'react-hook-form';
import { LAUNDRY_ITEMS_MAX, LAUNDRY_SLOTS } from '../../../../shared/catalog';
import { SelectField, TextField } from '../../../components/ui/FormFields';
import { i18n } from '../../../lib/i18n';
import { fieldId, type AssistanceDraft, type AssistanceRequest } from '../lib/assistance';

/** What a laundry pickup adds to the room: how many items, when, and a note. */
export function LaundryFields({ control }: { control: Control<AssistanceDraft, unknown, AssistanceRequest> }) {
  return (
    <>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          control={control}
          name="items"
          id={fieldId('items')}
          label={i18n._('Number of items')}
          hint={i18n._('1 to {max}', { max: LAUNDRY_ITEMS_MAX })}
          type="number"
          inputMode="numeric"
          min={1}
          max={LAUNDRY_ITEMS_MAX}
          step={1}
          required
        />

        <SelectField control={control} name="slot" id={fieldId('slot')} label={i18n._('Pickup time')} required>
          <option value="">{i18n._('Choose a pickup time')}</option>
          {LAUNDRY_SLOTS.map((s) => (
            <option key={s} value={s}>
              {i18n._(s)}
            </option>
          ))}
        </SelectField>
      </div>

      <TextField
        control={control}
        name="note"
        id={fieldId('note')}
        label={i18n._('Note (optional)')}
        hint={i18n._('For example: two shirts need ironing.')}
        maxLength={300}
        autoComplete="off"
      />
    </>
  );
}
