import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { localName, type PublicCatalog } from '../../../../shared/catalog';
import { fromZonedInputValue, toZonedInputValue } from '../../../../shared/time';
import {
  INSPECTION_FINDINGS_MAX,
  INSPECTION_SQUAD_MAX,
  inspectionCreateSchema,
  type Inspection,
  type InspectionCreate,
} from '../../../../shared/ragging-reports';
import { FormAlert } from '../../../components/ui/FormAlert';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/FormFields';
import { Button } from '../../../components/ui/Button';
import { applyServerErrors, draftResolver } from '../../../lib/form';
import { i18n, useLocale } from '../../../lib/i18n';
import { useRecordInspection } from '../api/inspection-record';

/** The inspection as the form holds it: its time as the university's wall time ("2026-11-28T22:30"). */
interface InspectionDraft {
  hostel: string;
  inspectedAt: string;
  findings: string;
  squad: string;
}

const emptyDraft = (timeZone: string): InspectionDraft => ({ hostel: '', inspectedAt: toZonedInputValue(new Date(), timeZone), findings: '', squad: '' });

/**
 * Recording a surprise check: the hostel, when (on the university's clock, not ahead of now), what
 * the squad found and who went. Checked by the shared schema before it is sent; the server checks
 * it all again, the hostel against the catalogue.
 */
export function InspectionForm({ catalog, timeZone, onRecorded }: { catalog: PublicCatalog; timeZone: string; onRecorded: (inspection: Inspection) => void }) {
  const record = useRecordInspection();
  const locale = useLocale();
  const resolver = useMemo(
    () =>
      draftResolver(
        inspectionCreateSchema.superRefine((inspection, ctx) => {
          if (new Date(inspection.inspectedAt) > new Date()) ctx.addIssue({ code: 'custom', path: ['inspectedAt'], message: /*i18n*/ 'The inspection cannot be in the future' });
        }),
        (d: InspectionDraft) => ({ ...d, inspectedAt: fromZonedInputValue(d.inspectedAt, timeZone)?.toISOString() ?? d.inspectedAt }),
      ),
    [timeZone],
  );
  const form = useForm<InspectionDraft, unknown, InspectionCreate>({ defaultValues: emptyDraft(timeZone), resolver, reValidateMode: 'onChange' });

  const submit = form.handleSubmit(async (payload) => {
    try {
      const recorded = await record.mutateAsync(payload);
      form.reset(emptyDraft(timeZone));
      onRecorded(recorded);
    } catch (error) {
      applyServerErrors(form, error);
    }
  });

  return (
    <form noValidate aria-label={i18n._('Record an inspection')} className="mt-4 space-y-4" onSubmit={(event) => void submit(event)}>
      <SelectField control={form.control} name="hostel" label={i18n._('Hostel')}>
        <option value="">{i18n._('Choose the hostel')}</option>
        {catalog.hostels.map((h) => (
          <option key={h.name} value={h.name}>
            {localName(locale, h, 'name')}
          </option>
        ))}
      </SelectField>
      <TextField
        control={form.control}
        name="inspectedAt"
        type="datetime-local"
        label={i18n._('When')}
        hint={i18n._("On the university's clock ({timeZone}).", { timeZone })}
        max={toZonedInputValue(new Date(), timeZone)}
      />
      <TextAreaField
        control={form.control}
        name="findings"
        label={i18n._('Findings')}
        rows={4}
        maxLength={INSPECTION_FINDINGS_MAX}
        hint={i18n._("What the squad saw and did. It goes into the committees' reports: name no student.")}
      />
      <TextField
        control={form.control}
        name="squad"
        label={i18n._('Squad')}
        hint={i18n._('Who went: names or roles.')}
        maxLength={INSPECTION_SQUAD_MAX}
        autoComplete="off"
      />
      <FormAlert control={form.control} />
      <Button type="submit" variant="primary" pending={record.isPending} pendingLabel={i18n._('Recording…')}>
        {i18n._('Record the inspection')}
      </Button>
    </form>
  );
}
