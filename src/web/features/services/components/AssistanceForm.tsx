import { useFormState, useWatch } from 'react-hook-form';
import { localName } from '../../../../shared/catalog';
import type { PublicCatalog } from '../../../../shared/catalog';
import { FormProblem } from '../../../components/FormProblem';
import { Button } from '../../../components/ui/Button';
import { ConfirmationCard } from '../../../components/ui/ConfirmationCard';
import { SelectField } from '../../../components/ui/FormFields';
import { card } from '../../../components/ui/styles';
import { EntryFields } from '../../../components/visits/EntryFields';
import { useHydrated } from '../../../lib/hydration';
import { i18n, useLocale } from '../../../lib/i18n';
import { fieldId } from '../lib/assistance';
import { CleaningQuestion } from './CleaningQuestion';
import { LaundryFields } from './LaundryFields';
import { RoomNumberField } from './RoomNumberField';
import { ServiceField } from './ServiceField';
import { useAssistanceForm } from './use-assistance-form';

/** Room cleaning, or a laundry pickup once an administrator opens it: one form, the service picks the fields. */
export function AssistanceForm({ catalog }: { catalog: PublicCatalog }) {
  const { control, services, hostel, blocked, submitting, submitButton, problem, asking, notice, shown, localHostel, ...act } = useAssistanceForm(catalog);
  const { service, laundry } = services;
  const { errors } = useFormState({ control });
  // Cleaning is in-room work (decision 47): both answers as EntryFields keeps them.
  const [entryConsent, entrySlots] = useWatch({ control, name: ['entryConsent', 'entrySlots'] });
  const hydrated = useHydrated();
  const locale = useLocale();

  // Seed §2 and §5: the room-cleaning form's button is Register.
  const busyLabel = laundry ? i18n._('Sending…') : i18n._('Registering…');
  const submitLabel = laundry ? i18n._('Request pickup') : i18n._('Register');

  return (
    <form noValidate onSubmit={(event) => void act.submit(event)} className={`${card} mt-6 space-y-5`}>
      <fieldset disabled={!hydrated} className="m-0 min-w-0 space-y-5 border-0 p-0">
        <h2 className="text-lg font-semibold text-slate-900">{laundry ? i18n._('Laundry pickup') : i18n._('Room cleaning')}</h2>

        <SelectField control={control} name="hostel" id={fieldId('hostel')} label={i18n._('Hostel')} required>
          <option value="" disabled>
            {i18n._('Choose your hostel')}
          </option>
          {catalog.hostels.map((h) => (
            <option key={h.name} value={h.name}>
              {localName(locale, h, 'name')}
            </option>
          ))}
        </SelectField>

        <ServiceField
          services={catalog.services}
          closed={services.disabled}
          value={service?.key}
          error={errors.service?.message}
          onChoose={act.chooseService}
        />

        <RoomNumberField control={control} catalog={catalog} hostel={hostel} />

        {service && !laundry && (
          // One block, so the form's spacing reaches past the slots' margin-less fieldset.
          <div className="space-y-5">
            <EntryFields
              consentId={fieldId('entryConsent')}
              slotsId={fieldId('entrySlots')}
              consent={entryConsent}
              slots={entrySlots}
              errors={{ consent: errors.entryConsent?.message, slots: errors.entrySlots?.message }}
              onConsent={(value) => act.answerEntry('entryConsent', value)}
              onSlots={(value) => act.answerEntry('entrySlots', value)}
            />
          </div>
        )}

        {laundry && <LaundryFields control={control} />}

        <FormProblem problem={problem} />

        {asking && (
          <CleaningQuestion
            asking={asking}
            hostelName={localHostel(asking.hostel)}
            onYes={() => void act.sendCleaning(asking)}
            onCancel={act.cancelCleaning}
          />
        )}
        <p role="status" className="text-sm font-medium text-slate-700 empty:hidden">
          {notice}
        </p>

        <Button
          ref={submitButton}
          type="submit"
          variant="primary"
          className="w-full sm:w-auto"
          disabled={blocked}
          pending={submitting}
          pendingLabel={busyLabel}
        >
          {submitLabel}
        </Button>

        <ConfirmationCard
          number={shown?.number ?? null}
          title={shown?.title ?? ''}
          message={shown?.message}
          noun="request"
        />
      </fieldset>
    </form>
  );
}
