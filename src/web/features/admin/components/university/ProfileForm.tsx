import { useState } from 'react';
import type { ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { Control, DefaultValues } from 'react-hook-form';
import { universitySettingsSchema, type UniversityAdmin, type UniversityField, type UniversitySettings } from '../../../../../shared/admin';
import { Field } from '../../../../components/ui/Field';
import { FormAlert } from '../../../../components/ui/FormAlert';
import { TextAreaField, TextField } from '../../../../components/ui/FormFields';
import { buttonPrimary, card, fieldControl } from '../../../../components/ui/styles';
import { cn } from '../../../../lib/cn';
import { applyServerErrors, draftResolver } from '../../../../lib/form';
import { useUpdateUniversity } from '../../api/update-university';
import { useWarnIfUnsaved } from '../../lib/unsaved-changes';
import { SubmitRow } from '../SubmitRow';
import { TextListEditor, textRows, textValues, type TextRow } from '../ListEditor';
import { SAMPLE_REG_NUMBER, patternVerdict } from './pattern';

interface ProfileDraft {
  name: string;
  shortName: string;
  allowedDomains: TextRow[];
  regPattern: string;
  aboutText: string;
  credits: TextRow[];
}

const INVALID = 'Some fields need attention: see the messages below them.';

function EnvironmentNote({ variable }: { variable: string }) {
  return (
    <>
      Set by <code className="font-mono">{variable}</code> in the server&apos;s environment; that value wins.
    </>
  );
}

/** The short name's hint quotes the message it goes into, as the admin types. */
function ShortNameField<P>({ control, hint }: { control: Control<ProfileDraft, unknown, P>; hint: (text: string) => ReactNode }) {
  const shortName = useWatch({ control, name: 'shortName' });
  return (
    <TextField
      control={control}
      name="shortName"
      id="university-short-name"
      label="Short name"
      hint={hint(
        `The word in “Please login with ${shortName.trim() || '{short name}'} email”, the message for someone who signs in with an account from another domain.`,
      )}
      maxLength={40}
    />
  );
}

/** The registration-number pattern, and a box to try it on a number. */
function PatternFields<P>({ control, hint, readOnly }: { control: Control<ProfileDraft, unknown, P>; hint: ReactNode; readOnly: boolean }) {
  const pattern = useWatch({ control, name: 'regPattern' });
  const [sample, setSample] = useState(SAMPLE_REG_NUMBER);
  return (
    <div className="space-y-3">
      <TextField
        control={control}
        name="regPattern"
        id="university-reg-pattern"
        label="Registration-number pattern"
        hint={hint}
        spellCheck={false}
        autoComplete="off"
        maxLength={200}
        readOnly={readOnly}
        controlClassName="font-mono"
      />
      <Field id="university-reg-sample" label="Try the pattern on a registration number">
        {(aria) => (
          <input
            {...aria}
            type="text"
            autoComplete="off"
            className={cn(fieldControl, 'font-mono')}
            value={sample}
            onChange={(event) => setSample(event.target.value)}
          />
        )}
      </Field>
      <output
        htmlFor="university-reg-pattern university-reg-sample"
        aria-live="polite"
        className="block text-sm font-medium text-slate-900"
        data-testid="pattern-verdict"
      >
        {patternVerdict(pattern, sample)}
      </output>
    </div>
  );
}

interface ProfileFormProps {
  university: UniversityAdmin;
  /** The confirmation of the last save, shown beside the Save button (the form starts again after a save). */
  saved: string | null;
  /** The confirmation of a save; null when a new save starts. */
  onSaved: (message: string | null) => void;
}

/**
 * The university's profile. A field the server's environment sets shows the value the portal
 * uses, read-only, and is sent back as it was saved.
 */
export function ProfileForm({ university, saved: savedMessage, onSaved }: ProfileFormProps) {
  const update = useUpdateUniversity();
  const { saved, effective } = university;
  const env = new Map<UniversityField, string>(university.fromEnvironment.map((e) => [e.field, e.variable]));
  const fromEnv = (field: UniversityField) => env.has(field);
  const shown = <K extends UniversityField>(field: K) => (fromEnv(field) ? effective[field] : saved[field]);
  const hint = (field: UniversityField, text?: string) => {
    const variable = env.get(field);
    return variable ? <EnvironmentNote variable={variable} /> : text;
  };

  // A list the environment sets has no editor, so it stays out of the draft: any message about it is the form's.
  const defaultValues: DefaultValues<ProfileDraft> = {
    name: shown('name'),
    shortName: shown('shortName'),
    regPattern: shown('regPattern'),
    aboutText: shown('aboutText'),
    ...(fromEnv('allowedDomains') ? {} : { allowedDomains: textRows(saved.allowedDomains) }),
    ...(fromEnv('credits') ? {} : { credits: textRows(saved.credits) }),
  };
  const form = useForm<ProfileDraft, unknown, UniversitySettings>({
    defaultValues,
    resolver: draftResolver(
      universitySettingsSchema,
      (d: ProfileDraft) => ({
        name: fromEnv('name') ? saved.name : d.name,
        shortName: fromEnv('shortName') ? saved.shortName : d.shortName,
        allowedDomains: fromEnv('allowedDomains') ? saved.allowedDomains : textValues(d.allowedDomains),
        regPattern: fromEnv('regPattern') ? saved.regPattern : d.regPattern,
        aboutText: fromEnv('aboutText') ? saved.aboutText : d.aboutText,
        credits: fromEnv('credits') ? saved.credits : textValues(d.credits),
      }),
      { invalidMessage: INVALID },
    ),
    // After a failed save, a corrected field's message goes as soon as the field is right.
    reValidateMode: 'onChange',
  });
  useWarnIfUnsaved(form.formState.isDirty);

  const submit = form.handleSubmit(async (payload) => {
    try {
      await update.mutateAsync(payload);
      onSaved('The university profile is saved.');
    } catch (error) {
      applyServerErrors(form, error);
    }
  });

  return (
    <form
      noValidate
      aria-labelledby="profile-heading"
      className={cn(card, 'mt-6 space-y-5')}
      onSubmit={(event) => {
        onSaved(null);
        void submit(event);
      }}
    >
      <h2 id="profile-heading" className="text-lg font-semibold text-slate-900">
        Profile
      </h2>
      <TextField
        control={form.control}
        name="name"
        id="university-name"
        label="Name"
        hint={hint('name', 'Shown in the portal’s header, pages and mail.')}
        maxLength={120}
        readOnly={fromEnv('name')}
      />
      <ShortNameField control={form.control} hint={(text) => hint('shortName', text)} />
      {fromEnv('allowedDomains') ? (
        <Field id="university-domains" label="Allowed e-mail domains" hint={hint('allowedDomains')}>
          {(aria) => <input {...aria} type="text" readOnly className={fieldControl} value={effective.allowedDomains.join(', ')} />}
        </Field>
      ) : (
        <TextListEditor
          control={form.control}
          name="allowedDomains"
          legend="Allowed e-mail domains"
          hint="Students sign in with an account of one of these domains (exactly: a sub-domain is another domain)."
          noun="domain"
          maxRows={10}
        />
      )}
      <PatternFields
        control={form.control}
        readOnly={fromEnv('regPattern')}
        hint={hint('regPattern', 'A regular expression; the last word of a student’s account name is their registration number when it matches.')}
      />
      <TextAreaField
        control={form.control}
        name="aboutText"
        id="university-about"
        label="About Us text"
        hint={hint('aboutText', 'Shown on the About Us page.')}
        rows={6}
        maxLength={4000}
        readOnly={fromEnv('aboutText')}
      />
      {fromEnv('credits') ? (
        <Field id="university-credits" label="Credits" hint={hint('credits')}>
          {(aria) => <textarea {...aria} readOnly rows={3} className={fieldControl} value={effective.credits.join('\n')} />}
        </Field>
      ) : (
        <TextListEditor
          control={form.control}
          name="credits"
          legend="Credits"
          hint="People thanked on the About Us page, one per line, e.g. Name One (21BCE10001)."
          noun="credit"
          maxLength={200}
          maxRows={20}
        />
      )}
      <FormAlert control={form.control} />
      <SubmitRow status={savedMessage}>
        <button type="submit" className={buttonPrimary} disabled={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save profile'}
        </button>
      </SubmitRow>
    </form>
  );
}
