import { useWatch } from 'react-hook-form';
import type { UseFormReturn } from 'react-hook-form';
import { ROOM_NO_MAX_LENGTH, hostelByName, localName } from '../../../../shared/catalog';
import type { PublicCatalog } from '../../../../shared/catalog';
import type { CreateComplaint } from '../../../../shared/complaints';
import { Radio } from '../../../components/ui/Controls';
import { SelectField, TextField } from '../../../components/ui/FormFields';
import { floorHint, floorSpan, roomHint } from '../../../lib/catalog-hints';
import { localAreaLabel } from '../../../lib/local-names';
import { i18n, useLocale } from '../../../lib/i18n';
import { fieldId, toFloor, whereOf, type ComplaintValues } from '../lib/complaint-check';

/**
 * Where the problem is: the hostel, then the student's room (floor and number) or, in a hostel
 * that has them, one of its common areas (decision 45), the floor typed narrowing the list.
 */
export function ComplaintPlaceFields({ catalog, form }: { catalog: PublicCatalog; form: UseFormReturn<ComplaintValues, unknown, CreateComplaint> }) {
  const locale = useLocale();
  const [hostelName, floorText, whereKind, commonAreaId] = useWatch({ control: form.control, name: ['hostel', 'floor', 'whereKind', 'commonAreaId'] });
  const hostel = hostelByName(catalog, hostelName);
  const floors = hostel ?? floorSpan(catalog.hostels);
  const areas = hostel?.commonAreas ?? [];
  const inArea = whereOf(catalog, { hostel: hostelName, whereKind, commonAreaId }).kind === 'area';
  // A floor typed narrows the list to that floor's areas and those serving the whole building.
  const typedFloor = toFloor(floorText);
  const areaChoices = areas.filter((a) => a.floor === null || typedFloor === undefined || Number.isNaN(typedFloor) || a.floor === typedFloor || a.id === commonAreaId);

  function changeWhere(kind: ComplaintValues['whereKind']) {
    form.setValue('commonAreaId', '');
    form.setValue('whereKind', kind);
  }

  return (
    <>
      <SelectField control={form.control} name="hostel" id={fieldId('hostel')} label={i18n._('Hostel')} required>
        <option value="">{i18n._('Choose your hostel')}</option>
        {catalog.hostels.map((h) => (
          <option key={h.name} value={h.name}>
            {localName(locale, h, 'name')}
          </option>
        ))}
      </SelectField>

      {areas.length > 0 && (
        <fieldset className="m-0 min-w-0 border-0 p-0" data-testid="place-choice">
          <legend className="text-sm font-semibold text-slate-900">{i18n._('Where is the problem?')}</legend>
          <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
            <label className="flex items-center gap-2 text-slate-900">
              <Radio unstyled name="complaint-where" className="size-4" checked={!inArea} onChange={() => changeWhere('room')} />
              {i18n._('My room')}
            </label>
            <label className="flex items-center gap-2 text-slate-900">
              <Radio unstyled name="complaint-where" className="size-4" checked={inArea} onChange={() => changeWhere('area')} />
              {i18n._('A common area')}
            </label>
          </div>
        </fieldset>
      )}

      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          control={form.control}
          name="floor"
          id={fieldId('floor')}
          label={inArea ? i18n._('Floor (optional)') : i18n._('Floor')}
          hint={inArea ? i18n._('Narrows the list to that floor’s areas') : floorHint(floors)}
          type="number"
          inputMode="numeric"
          min={floors?.floorMin}
          max={floors?.floorMax}
          step={1}
          required={!inArea}
        />

        {inArea ? (
          <SelectField
            control={form.control}
            name="commonAreaId"
            id={fieldId('commonAreaId')}
            label={i18n._('Common area')}
            required
          >
            <option value="">{i18n._('Choose the common area')}</option>
            {areaChoices.map((a) => (
              <option key={a.id} value={a.id}>
                {localAreaLabel(locale, a)}
              </option>
            ))}
          </SelectField>
        ) : (
          <TextField
            control={form.control}
            name="roomNo"
            id={fieldId('roomNo')}
            label={i18n._('Room number')}
            hint={roomHint(hostel, catalog.hostels)}
            inputMode="numeric"
            required
            maxLength={ROOM_NO_MAX_LENGTH}
            autoComplete="off"
          />
        )}
      </div>
    </>
  );
}
