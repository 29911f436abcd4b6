import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { serviceUpdateSchema, type ServiceAdmin, type ServiceUpdate } from '../../../../../shared/admin';
import { Badge } from '../../../../components/ui/Badge';
import { FormAlert } from '../../../../components/ui/FormAlert';
import { CheckboxField, SelectField, TextField } from '../../../../components/ui/FormFields';
import type { TargetUnit } from '../../../../../shared/working-time';
import { TargetUnitOptions } from '../TargetUnitOptions';
import { Button } from '../../../../components/ui/Button';
import { card } from '../../../../components/ui/styles';
import { cn } from '../../../../lib/cn';
import { i18n } from '../../../../lib/i18n';
import { applyServerErrors, draftResolver } from '../../../../lib/form';
import { useUpdateService } from '../../api/update-service';
import { toNumber } from '../../lib/problems';
import { useWarnIfUnsaved } from '../../lib/unsaved-changes';
import { SubmitRow } from '../SubmitRow';
import { RoutingEditor, routingDraft, routingValue, type RoutingDraft } from '../RoutingEditor';
import { translationDraft, type TranslationDraft } from '../../lib/translations';
import { TranslatedTextFields } from '../TranslatedTextFields';

interface ServiceDraft {
  label: string;
  translations: TranslationDraft<'label'>;
  enabled: boolean;
  targetHours: string;
  targetUnit: TargetUnit;
  routing: RoutingDraft;
}

/** What each service is, translated when shown. */
const descriptions = (): Record<ServiceAdmin['key'], string> => ({
  room_cleaning: i18n._('Students ask for their room to be cleaned from the Assistance page.'),
  laundry: i18n._('Students ask for their laundry to be picked up from the Assistance page.'),
});

const resolver = draftResolver(serviceUpdateSchema, (d: ServiceDraft) => ({
  ...d,
  targetHours: toNumber(d.targetHours),
  routing: routingValue(d.routing),
}));

const draftOf = (s: ServiceAdmin): ServiceDraft => ({
  label: s.label,
  translations: translationDraft(s.translations, ['label']),
  enabled: s.enabled,
  targetHours: String(s.targetHours),
  targetUnit: s.targetUnit,
  routing: routingDraft(s.routing),
});

/** One service (Room Cleaning, Laundry): its label, on or off, and who gets its requests. */
export function ServiceForm({ service, hostels }: { service: ServiceAdmin; hostels: readonly string[] }) {
  const update = useUpdateService(service.key);
  const [saved, setSaved] = useState<string | null>(null);
  const form = useForm<ServiceDraft, unknown, ServiceUpdate>({
    defaultValues: draftOf(service),
    resolver,
    // After a failed save, a corrected field's message goes as soon as the field is right.
    reValidateMode: 'onChange',
  });
  useWarnIfUnsaved(form.formState.isDirty);
  const headingId = `service-${service.key}-heading`;

  const submit = form.handleSubmit(async (payload) => {
    try {
      const result = await update.mutateAsync(payload);
      // What was saved is the form's new starting point (nothing left unsaved).
      form.reset(draftOf(result));
      setSaved(result.enabled ? i18n._('{name} is saved.', { name: result.label }) : i18n._('{name} is saved (switched off).', { name: result.label }));
    } catch (error) {
      applyServerErrors(form, error);
    }
  });

  return (
    <form
      noValidate
      aria-labelledby={headingId}
      className={cn(card, 'space-y-4')}
      data-testid="service"
      onSubmit={(event) => {
        setSaved(null);
        void submit(event);
      }}
    >
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {service.label}
        </h2>
        <Badge tone={service.enabled ? 'success' : 'neutral'}>{service.enabled ? i18n._('On') : i18n._('Off')}</Badge>
      </div>
      <p className="text-sm text-slate-700">{descriptions()[service.key]}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          control={form.control}
          name="label"
          label={i18n._('Label')}
          hint={i18n._('What students see on the Assistance page.')}
          autoComplete="off"
          maxLength={60}
        />
        <TranslatedTextFields control={form.control} name={(locale) => `translations.${locale}.label`} words={(words) => words.serviceLabel} autoComplete="off" maxLength={60} />
      </div>
      <CheckboxField control={form.control} name="enabled" role="switch" label={i18n._('Students can ask for it')} />
      <TextField
        control={form.control}
        name="targetHours"
        label={i18n._('Target time (hours)')}
        hint={i18n._('How soon a request should be done; staff see requests past it as overdue.')}
        className="max-w-xs"
        inputMode="numeric"
        autoComplete="off"
      />
      <SelectField
        control={form.control}
        name="targetUnit"
        label={i18n._('The target counts')}
        hint={i18n._('Working hours skip the weekly days off and the holidays of the working calendar.')}
        className="max-w-md"
      >
        <TargetUnitOptions />
      </SelectField>
      <RoutingEditor control={form.control} hostels={hostels} />
      <FormAlert control={form.control} />
      <SubmitRow status={saved}>
        <Button type="submit" variant="primary" pending={update.isPending} pendingLabel={i18n._('Saving…')}>
          {i18n._('Save {name}', { name: service.label })}
        </Button>
      </SubmitRow>
    </form>
  );
}
