import { useState } from 'react';
import type { FormEvent } from 'react';
import type { Place } from '../../../../shared/auth';
import { checkPlace, hostelByName, localName, type PublicCatalog } from '../../../../shared/catalog';
import { Alert } from '../../../components/ui/Alert';
import { Field } from '../../../components/ui/Field';
import { buttonPrimary, fieldControl } from '../../../components/ui/styles';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { floorHint, floorSpan, roomHint } from '../../../lib/catalog-hints';
import { useSavePlace } from '../../../lib/place';
import { i18n, useLocale } from '../../../lib/i18n';

type PlaceField = keyof Place;
type Values = Record<PlaceField, string>;
const FIELDS: readonly PlaceField[] = ['hostel', 'floor', 'roomNo'];
const fieldId = (name: PlaceField) => `place-${name}`;

/**
 * "Your room" on the account page: the hostel, floor and room the complaint and cleaning forms fill
 * in, remembered from the student's first filing and changed here (a move to another room).
 */
export function PlaceForm({ catalog, place }: { catalog: PublicCatalog; place: Place | null }) {
  const save = useSavePlace();
  const locale = useLocale();
  const [values, setValues] = useState<Values>(() => ({
    hostel: place?.hostel ?? '',
    floor: place ? String(place.floor) : '',
    roomNo: place?.roomNo ?? '',
  }));
  const [errors, setErrors] = useState<Partial<Values>>({});
  const [saved, setSaved] = useState(false);
  const hostel = hostelByName(catalog, values.hostel);
  const floors = hostel ?? floorSpan(catalog.hostels);

  const update = (name: PlaceField) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [name]: event.target.value }));
    setSaved(false);
  };

  function showProblems(found: Partial<Values>) {
    setErrors(found);
    const first = FIELDS.find((f) => found[f] !== undefined);
    if (first) document.getElementById(fieldId(first))?.focus();
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaved(false);
    const floor = values.floor.trim() === '' ? Number.NaN : Number(values.floor);
    const next = { hostel: values.hostel, floor, roomNo: values.roomNo.trim() };
    const found: Partial<Values> = { ...checkPlace(catalog, next) };
    if (values.floor.trim() === '' && hostel) found.floor = i18n._('Enter the floor');
    if (next.roomNo === '' && hostel) found.roomNo = i18n._('Enter your room number');
    if (Object.keys(found).length > 0) {
      showProblems(found);
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync(next);
      setSaved(true);
    } catch (error) {
      if (error instanceof ApiError && error.fields) showProblems(error.fields);
    }
  }

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(event)} aria-labelledby="place-heading" className="mt-8 space-y-4 border-t border-slate-200 pt-6">
      <div>
        <h2 id="place-heading" className="text-lg font-semibold text-slate-900">
          {i18n._('Your room')}
        </h2>
        <p className="mt-1 text-sm text-slate-700">{i18n._('Filled in for you on every complaint and cleaning request.')}</p>
      </div>
      <Field id={fieldId('hostel')} label={i18n._('Hostel')} error={errors.hostel}>
        {(control) => (
          <select {...control} className={fieldControl} value={values.hostel} onChange={update('hostel')}>
            <option value="">{i18n._('Choose your hostel')}</option>
            {catalog.hostels.map((h) => (
              <option key={h.name} value={h.name}>
                {localName(locale, h, 'name')}
              </option>
            ))}
          </select>
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={fieldId('floor')} label={i18n._('Floor')} error={errors.floor} hint={floorHint(floors)}>
          {(control) => (
            <input {...control} type="number" inputMode="numeric" step={1} className={fieldControl} value={values.floor} onChange={update('floor')} />
          )}
        </Field>
        <Field id={fieldId('roomNo')} label={i18n._('Room number')} error={errors.roomNo} hint={roomHint(hostel, catalog.hostels)}>
          {(control) => (
            <input {...control} type="text" inputMode="numeric" autoComplete="off" className={fieldControl} value={values.roomNo} onChange={update('roomNo')} />
          )}
        </Field>
      </div>
      {save.isError && !(save.error instanceof ApiError && save.error.fields) && (
        <Alert>
          <p>{errorMessage(save.error)}</p>
        </Alert>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={`${buttonPrimary} w-full sm:w-auto`} disabled={save.isPending} aria-busy={save.isPending}>
          {save.isPending ? i18n._('Saving…') : i18n._('Save your room')}
        </button>
        <p role="status" className="text-sm font-medium text-green-800 empty:hidden">
          {saved ? i18n._('Saved. The forms will fill this in.') : ''}
        </p>
      </div>
    </form>
  );
}
