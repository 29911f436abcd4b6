import { ENTRY_SLOTS, type EntrySlot } from '../../../shared/constants';
import { ENTRY_SLOT_LABELS } from '../../../shared/visits';
import { i18n } from '../../lib/i18n';
import { ChoiceChips } from '../ui/ChoiceChips';
import { Checkbox } from '../ui/Controls';
import { fieldError, fieldHint, fieldLabel } from '../ui/styles';

/**
 * The two answers as the server takes them, from what the fields hold ('yes' / 'no' / '', and the
 * slots comma-separated): only what was answered, so an unanswered question reaches the form's check.
 */
export function entryAnswers(consent: string, slots: string): { entryConsent?: boolean; entrySlots?: EntrySlot[] } {
  const chosen = ENTRY_SLOTS.filter((slot) => slots.split(',').includes(slot));
  return {
    ...(consent === 'yes' ? { entryConsent: true } : consent === 'no' ? { entryConsent: false } : {}),
    ...(consent !== '' ? { entrySlots: chosen } : {}),
  };
}

/**
 * In-room work (decision 47), on the complaint form and the room-cleaning request form: "May staff enter when you are out?" (yes or no, as chips) and "When
 * are you usually in?" (checkboxes), so the team knows whether to knock or come when the student is there.
 */
export function EntryFields({
  consentId,
  slotsId,
  consent,
  slots,
  errors,
  onConsent,
  onSlots,
}: {
  consentId: string;
  slotsId: string;
  consent: string;
  /** The chosen slots, comma-separated (the draft keeps strings). */
  slots: string;
  errors: { consent: string | undefined; slots: string | undefined };
  onConsent: (value: string) => void;
  onSlots: (value: string) => void;
}) {
  const chosen = new Set(slots.split(',').filter(Boolean));
  const toggle = (slot: string) => {
    const next = new Set(chosen);
    if (next.has(slot)) next.delete(slot);
    else next.add(slot);
    onSlots(ENTRY_SLOTS.filter((s) => next.has(s)).join(','));
  };
  const slotsError = `${slotsId}-error`;
  const slotsHint = `${slotsId}-hint`;
  return (
    <>
      <ChoiceChips
        id={consentId}
        label={i18n._('May staff enter when you are out?')}
        options={['yes', 'no']}
        optionLabel={(option) => (option === 'yes' ? i18n._('Yes') : i18n._('No'))}
        value={consent}
        error={errors.consent}
        onChange={onConsent}
      />
      <fieldset
        id={slotsId}
        tabIndex={-1}
        className="m-0 min-w-0 border-0 p-0 outline-none"
        aria-invalid={Boolean(errors.slots)}
        aria-describedby={[slotsHint, errors.slots ? slotsError : ''].filter(Boolean).join(' ')}
      >
        <legend className={fieldLabel}>{i18n._('When are you usually in?')}</legend>
        <p id={slotsHint} className={fieldHint}>
          {consent === 'no' ? i18n._('Choose at least one: staff come when you are there.') : i18n._('Optional: staff try to come then.')}
        </p>
        <div className="mt-2 flex flex-wrap gap-2">
          {ENTRY_SLOTS.map((slot) => (
            <label
              key={slot}
              className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-900 has-checked:border-brand-700 has-checked:bg-brand-50"
            >
              <Checkbox checked={chosen.has(slot)} onChange={() => toggle(slot)} />
              {i18n._(ENTRY_SLOT_LABELS[slot])}
            </label>
          ))}
        </div>
        {errors.slots && (
          <p id={slotsError} className={fieldError}>
            {errors.slots}
          </p>
        )}
      </fieldset>
    </>
  );
}
