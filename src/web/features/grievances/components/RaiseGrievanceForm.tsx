import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { localName } from '../../../../shared/catalog';
import { GRIEVANCE_PAGES, GRIEVANCE_REASON_MAX, GRIEVANCE_SUBJECT_MAX, raiseGrievanceSchema, type RaiseGrievance } from '../../../../shared/grievances';
import { PhotoPicker, type PhotoSelection } from '../../../components/photos/PhotoPicker';
import { Button } from '../../../components/ui/Button';
import { FormAlert } from '../../../components/ui/FormAlert';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/FormFields';
import { useCatalog } from '../../../lib/catalog';
import { FORM_ERROR, applyServerErrors, draftResolver } from '../../../lib/form';
import { i18n, useLocale } from '../../../lib/i18n';
import { useRaiseGrievance } from '../api/raise-grievance';

interface Draft {
  reason: string;
  hostel: string;
  subject: string;
}

const EMPTY: Draft = { reason: '', hostel: '', subject: '' };

/** After raising, the grievance's page says so once. */
export interface RaisedState {
  raised: string;
}

/**
 * Raising a grievance: on a complaint (`complaintNumber`: why the student is not satisfied, and
 * photos), or about a hostel matter no complaint covers (hostel, subject and why). The shared schema
 * checks it before it is sent; the server's refusal (not eligible, already raised) shows on the form.
 */
export function RaiseGrievanceForm({ complaintNumber, onCancel }: { complaintNumber?: string; onCancel?: () => void }) {
  const raise = useRaiseGrievance();
  const navigate = useNavigate();
  const locale = useLocale();
  const catalog = useCatalog();
  const [photos, setPhotos] = useState<PhotoSelection>({ ids: [], busy: false });
  const onComplaint = complaintNumber !== undefined;
  const resolver = draftResolver(raiseGrievanceSchema, (draft: Draft): RaiseGrievance =>
    onComplaint ? { complaintNumber, reason: draft.reason, photoIds: photos.ids } : { hostel: draft.hostel, subject: draft.subject, reason: draft.reason, photoIds: photos.ids },
  );
  const form = useForm<Draft, unknown, RaiseGrievance>({ defaultValues: EMPTY, resolver, reValidateMode: 'onSubmit' });

  const submit = form.handleSubmit(async (payload) => {
    if (photos.busy) {
      form.setError(FORM_ERROR, { type: 'photos', message: i18n._('Wait for the photos to finish uploading, then send.') });
      return;
    }
    try {
      const grievance = await raise.mutateAsync(payload);
      const state: RaisedState = { raised: grievance.number };
      void navigate(GRIEVANCE_PAGES.student(grievance.number), { state });
    } catch (error) {
      applyServerErrors(form, error);
    }
  });

  return (
    <form
      noValidate
      aria-label={onComplaint ? i18n._('Take it to the grievance committee') : i18n._('Raise a grievance')}
      className="mt-4 space-y-5"
      onSubmit={(event) => void submit(event)}
    >
      {!onComplaint && (
        <>
          <SelectField control={form.control} name="hostel" label={i18n._('Your hostel')}>
            <option value="">{i18n._('Choose your hostel')}</option>
            {(catalog.data?.hostels ?? []).map((hostel) => (
              <option key={hostel.name} value={hostel.name}>
                {localName(locale, hostel, 'name')}
              </option>
            ))}
          </SelectField>
          <TextField
            control={form.control}
            name="subject"
            label={i18n._('Subject')}
            hint={i18n._('In a line: what the grievance is about.')}
            maxLength={GRIEVANCE_SUBJECT_MAX}
            autoComplete="off"
          />
        </>
      )}
      <TextAreaField
        control={form.control}
        name="reason"
        label={onComplaint ? i18n._('Why are you not satisfied?') : i18n._('What is the grievance?')}
        hint={i18n._('What happened, what the hostel did or did not do, and what you ask the committee for.')}
        rows={5}
        maxLength={GRIEVANCE_REASON_MAX}
      />
      <PhotoPicker label={i18n._('Photos (optional)')} hint={i18n._('Up to 4. They are made smaller on your phone first, without the location.')} onChange={setPhotos} />
      <p className="text-sm text-slate-700">
        {i18n._('The committee decides within 15 working days. You can follow it, and answer its questions, on the grievance’s page.')}
      </p>
      <FormAlert control={form.control} />
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button type="submit" variant="primary" pending={raise.isPending} pendingLabel={i18n._('Sending…')}>
          {i18n._('Send to the committee')}
        </Button>
        {onCancel && <Button onClick={onCancel}>{i18n._('Cancel')}</Button>}
      </div>
    </form>
  );
}
