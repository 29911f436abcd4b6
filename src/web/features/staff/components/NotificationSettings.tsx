import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { staffPreferencesSchema, type StaffPreferences } from '../../../../shared/staff';
import { FormAlert } from '../../../components/ui/FormAlert';
import { SelectField, TextField } from '../../../components/ui/FormFields';
import { LoadingStatus } from '../../../components/ui/LoadingStatus';
import { StatusMessage } from '../../../components/ui/StatusMessage';
import { Button } from '../../../components/ui/Button';
import { card } from '../../../components/ui/styles';
import { cn } from '../../../lib/cn';
import { applyServerErrors, draftResolver } from '../../../lib/form';
import { usePreferences, useSavePreferences } from '../api/preferences';
import { StaffRequestError } from './WorkerGate';
import { i18n } from '../../../lib/i18n';

interface PreferencesDraft {
  newWorkMail: StaffPreferences['newWorkMail'];
  digestHours: string;
}

/** The hours as typed: a number, nothing (undefined) or something that is not a whole number (NaN). */
const typedHours = (text: string): number | undefined =>
  /^\s*\d+\s*$/.test(text) ? Number(text) : text.trim() === '' ? undefined : Number.NaN;

/** Hours the schema takes (1 to 168). */
const validHours = (hours: number | undefined): hours is number => hours !== undefined && Number.isInteger(hours) && hours >= 1 && hours <= 168;

// The hours field shows only while digests are chosen: otherwise what it holds is never a reason
// to refuse the form (a message nobody can see), and a default goes instead.
const resolver = draftResolver(staffPreferencesSchema, (d: PreferencesDraft) => {
  const hours = typedHours(d.digestHours);
  return { newWorkMail: d.newWorkMail, digestHours: d.newWorkMail === 'digest' || validHours(hours) ? hours : 24 };
});

function PreferencesForm({ saved }: { saved: StaffPreferences }) {
  const save = useSavePreferences();
  const [done, setDone] = useState<string | null>(null);
  const form = useForm<PreferencesDraft, unknown, StaffPreferences>({
    defaultValues: { newWorkMail: saved.newWorkMail, digestHours: String(saved.digestHours) },
    resolver,
  });
  const mode = useWatch({ control: form.control, name: 'newWorkMail' });

  const submit = form.handleSubmit(async (payload) => {
    try {
      const result = await save.mutateAsync(payload);
      setDone(
        result.newWorkMail === 'each'
          ? i18n._('Saved: a mail for each new complaint.')
          : result.newWorkMail === 'digest'
            ? i18n._('{hours, plural, one {Saved: one digest mail every # hour.} other {Saved: one digest mail every # hours.}}', { hours: result.digestHours })
            : i18n._('Saved: no mail for new complaints (the bell still rings).'),
      );
    } catch (error) {
      applyServerErrors(form, error);
    }
  });

  return (
    <form
      noValidate
      aria-labelledby="new-work-heading"
      className={cn(card, 'mt-6 max-w-xl space-y-4')}
      data-testid="notification-settings"
      onSubmit={(event) => {
        setDone(null);
        void submit(event);
      }}
    >
      <h2 id="new-work-heading" className="text-lg font-semibold text-slate-900">
        {i18n._('New complaints in your scope')}
      </h2>
      <p className="text-sm text-slate-700">
        {i18n._('The bell rings for each one. “For each new complaint” also sends a push and a mail (as your switches above allow).')}
      </p>
      <SelectField control={form.control} name="newWorkMail" label={i18n._('Mail me')}>
        <option value="each">{i18n._('For each new complaint')}</option>
        <option value="digest">{i18n._('A digest every few hours')}</option>
        <option value="none">{i18n._('Never (the bell only)')}</option>
      </SelectField>
      {mode === 'digest' && (
        <TextField
          control={form.control}
          name="digestHours"
          label={i18n._('Digest every (hours)')}
          hint={i18n._('From 1 to 168 (a week).')}
          inputMode="numeric"
          autoComplete="off"
          maxLength={3}
          controlClassName="max-w-32"
        />
      )}
      <FormAlert control={form.control} />
      <Button type="submit" variant="primary" pending={save.isPending} pendingLabel={i18n._('Saving…')}>
        {i18n._('Save')}
      </Button>
      <StatusMessage message={done} />
    </form>
  );
}

/** How much the worker hears of new work, for the one notifications page (/settings/notifications). */
export function NewWorkSettings() {
  const preferences = usePreferences();
  if (preferences.isPending) return <LoadingStatus label={i18n._('Loading your settings…')} />;
  if (preferences.isError) return <StaffRequestError error={preferences.error} onRetry={() => void preferences.refetch()} />;
  return <PreferencesForm saved={preferences.data} />;
}
