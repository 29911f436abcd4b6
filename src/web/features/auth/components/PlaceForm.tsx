import { useEffect, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { Place } from '../../../../shared/auth';
import { hostelByName, localName, type PublicCatalog } from '../../../../shared/catalog';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { SelectField, TextField } from '../../../components/ui/FormFields';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { floorHint, floorSpan, roomHint } from '../../../lib/catalog-hints';
import { checkResolver } from '../../../lib/form';
import { useSavePlace } from '../../../lib/place';
import { i18n, useLocale } from '../../../lib/i18n';
import { checkPlaceDraft, placeDraftOf, type PlaceDraft } from '../lib/place-check';

/**
 * "Your room" on the account page: the hostel, floor and room the complaint and cleaning forms fill
 * in, remembered from the student's first filing and changed here (a move to another room).
 */
export function PlaceForm({ catalog, place }: { catalog: PublicCatalog; place: Place | null }) {
  const save = useSavePlace();
  const locale = useLocale();
  const resolver = useMemo(() => checkResolver((draft: PlaceDraft) => checkPlaceDraft(catalog, draft)), [catalog]);
  const form = useForm<PlaceDraft, unknown, Place>({ defaultValues: placeDraftOf(place), resolver, reValidateMode: 'onChange' });
  const [saved, setSaved] = useState(false);
  const hostel = hostelByName(catalog, useWatch({ control: form.control, name: 'hostel' }));
  const floors = hostel ?? floorSpan(catalog.hostels);

  // "Saved" is about what was sent: any change since makes it untrue.
  useEffect(() => {
    const subscription = form.watch(() => setSaved(false));
    return () => subscription.unsubscribe();
  }, [form]);

  const submit = form.handleSubmit(async (next) => {
    try {
      await save.mutateAsync(next);
      setSaved(true);
    } catch (error) {
      if (!(error instanceof ApiError && error.fields)) return;
      Object.entries(error.fields).forEach(([field, message], index) => {
        form.setError(field as keyof PlaceDraft, { type: error.code, message }, { shouldFocus: index === 0 });
      });
    }
  });

  return (
    <form
      noValidate
      onSubmit={(event) => {
        setSaved(false);
        void submit(event);
      }}
      aria-labelledby="place-heading"
      className="mt-8 space-y-4 border-t border-slate-200 pt-6"
    >
      <div>
        <h2 id="place-heading" className="text-lg font-semibold text-slate-900">
          {i18n._('Your room')}
        </h2>
        <p className="mt-1 text-sm text-slate-700">{i18n._('Filled in for you on every complaint and cleaning request.')}</p>
      </div>
      <SelectField control={form.control} name="hostel" id="place-hostel" label={i18n._('Hostel')}>
        <option value="">{i18n._('Choose your hostel')}</option>
        {catalog.hostels.map((h) => (
          <option key={h.name} value={h.name}>
            {localName(locale, h, 'name')}
          </option>
        ))}
      </SelectField>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField control={form.control} name="floor" id="place-floor" label={i18n._('Floor')} hint={floorHint(floors)} type="number" inputMode="numeric" step={1} />
        <TextField
          control={form.control}
          name="roomNo"
          id="place-roomNo"
          label={i18n._('Room number')}
          hint={roomHint(hostel, catalog.hostels)}
          inputMode="numeric"
          autoComplete="off"
        />
      </div>
      {save.isError && !(save.error instanceof ApiError && save.error.fields) && (
        <Alert>
          <p>{errorMessage(save.error)}</p>
        </Alert>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" variant="primary" className="w-full sm:w-auto" pending={save.isPending} pendingLabel={i18n._('Saving…')}>
          {i18n._('Save your room')}
        </Button>
        <p role="status" className="text-sm font-medium text-green-800 empty:hidden">
          {saved ? i18n._('Saved. The forms will fill this in.') : ''}
        </p>
      </div>
    </form>
  );
}
