import { useState } from 'react';
import type { ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { Control, DefaultValues } from 'react-hook-form';
import { DEFAULT_TIME_ZONE, universityUpdateSchema, type UniversityAdmin, type UniversityField, type UniversityUpdate } from '../../../../../shared/admin';
import { LOCALES, LOCALE_NAMES, type Locale } from '../../../../../shared/constants';
import { Field } from '../../../../components/ui/Field';
import { FormAlert } from '../../../../components/ui/FormAlert';
import { SelectField, TextAreaField, TextField } from '../../../../components/ui/FormFields';
import { WithSlots, slot } from '../../../../components/ui/WithSlots';
import { Button } from '../../../../components/ui/Button';
import { TextArea, TextInput } from '../../../../components/ui/Controls';
import { card } from '../../../../components/ui/styles';
import { cn } from '../../../../lib/cn';
import { applyServerErrors, draftResolver } from '../../../../lib/form';
import { i18n } from '../../../../lib/i18n';
import { useUpdateUniversity } from '../../api/update-university';
import { useWarnIfUnsaved } from '../../lib/unsaved-changes';
import { SubmitRow } from '../SubmitRow';
import { TextListEditor, textRows, textValues, type TextRow } from '../ListEditor';
import { SAMPLE_REG_NUMBER, patternVerdict } from './pattern';
import { translationDraft, translationInputs, type TranslationDraft } from '../../lib/translations';
import { TranslatedTextFields } from '../TranslatedTextFields';

interface ProfileDraft {
  name: string;
  shortName: string;
  allowedDomains: TextRow[];
  regPattern: string;
  aboutText: string;
  credits: TextRow[];
  translations: TranslationDraft<'name' | 'shortName' | 'aboutText'>;
  timeZone: string;
  defaultLocale: Locale;
}

const invalidMessage = () => i18n._('Some fields need attention: see the messages below them.');

function EnvironmentNote({ variable }: { variable: string }) {
  return (
    <WithSlots
      text={i18n._("Set by {variable} in the server's environment; that value wins.", { variable: slot('variable') })}
      slots={{ variable: <code className="font-mono">{variable}</code> }}
    />
  );
}

/** The zones this browser knows, offered as the admin types (the server checks the name again). */
function timeZones(): string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return [DEFAULT_TIME_ZONE];
  }
}

/** The time zone, typed with suggestions (a list of 400 names is no select on a phone), and the default language. */
function LanguageFields<P>({ control }: { control: Control<ProfileDraft, unknown, P> }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        control={control}
        name="timeZone"
        id="university-time-zone"
        label={i18n._('Time zone')}
        hint={i18n._('Every date, “due today”, the insights’ days and the daily mail follow it. Type to search, e.g. Asia/Kolkata.')}
        list="university-time-zones"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={64}
      />
      <datalist id="university-time-zones">
        {timeZones().map((zone) => (
          <option key={zone} value={zone} />
        ))}
      </datalist>
      <SelectField
        control={control}
        name="defaultLocale"
        id="university-default-locale"
        label={i18n._('Default language for mail')}
        hint={i18n._('For people who have not chosen a language, and for addresses that are nobody’s account.')}
      >
        {LOCALES.map((locale) => (
          // Each language named in itself, as the header's switch names it.
          <option key={locale} value={locale} lang={locale}>
            {LOCALE_NAMES[locale]}
          </option>
        ))}
      </SelectField>
    </div>
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
      label={i18n._('Short name')}
      hint={hint(
        i18n._('The word in “Please login with {shortName} email”, the message for someone who signs in with an account from another domain.', {
          shortName: shortName.trim() || `{${i18n._('short name')}}`,
        }),
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
        label={i18n._('Registration-number pattern')}
        hint={hint}
        spellCheck={false}
        autoComplete="off"
        maxLength={200}
        readOnly={readOnly}
        controlClassName="font-mono"
      />
      <Field id="university-reg-sample" label={i18n._('Try the pattern on a registration number')}>
        {(aria) => (
          <TextInput
            {...aria}
            autoComplete="off"
            className="font-mono"
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
    translations: translationDraft(university.translations, ['name', 'shortName', 'aboutText']),
    timeZone: university.timeZone,
    defaultLocale: university.defaultLocale,
  };
  const form = useForm<ProfileDraft, unknown, UniversityUpdate>({
    defaultValues,
    resolver: draftResolver(
      universityUpdateSchema,
      (d: ProfileDraft) => ({
        name: fromEnv('name') ? saved.name : d.name,
        shortName: fromEnv('shortName') ? saved.shortName : d.shortName,
        allowedDomains: fromEnv('allowedDomains') ? saved.allowedDomains : textValues(d.allowedDomains),
        regPattern: fromEnv('regPattern') ? saved.regPattern : d.regPattern,
        aboutText: fromEnv('aboutText') ? saved.aboutText : d.aboutText,
        credits: fromEnv('credits') ? saved.credits : textValues(d.credits),
        translations: d.translations,
        timeZone: d.timeZone,
        defaultLocale: d.defaultLocale,
      }),
      { invalidMessage: invalidMessage() },
    ),
    // After a failed save, a corrected field's message goes as soon as the field is right.
    reValidateMode: 'onChange',
  });
  useWarnIfUnsaved(form.formState.isDirty);

  const submit = form.handleSubmit(async (payload) => {
    try {
      await update.mutateAsync(payload);
      onSaved(i18n._('The university profile is saved.'));
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
        {i18n._('Profile')}
      </h2>
      <TextField
        control={form.control}
        name="name"
        id="university-name"
        label={i18n._('Name')}
        hint={hint('name', i18n._('Shown in the portal’s header, pages and mail.'))}
        maxLength={120}
        readOnly={fromEnv('name')}
      />
      <TranslatedTextFields control={form.control} name={(locale) => `translations.${locale}.name`} words={(words) => words.universityName} id={(locale) => `university-name-${locale}`} maxLength={120} />
      <ShortNameField control={form.control} hint={(text) => hint('shortName', text)} />
      <TranslatedTextFields control={form.control} name={(locale) => `translations.${locale}.shortName`} words={(words) => words.universityShortName} id={(locale) => `university-short-name-${locale}`} maxLength={40} />
      {fromEnv('allowedDomains') ? (
        <Field id="university-domains" label={i18n._('Allowed e-mail domains')} hint={hint('allowedDomains')}>
          {(aria) => <TextInput {...aria} readOnly value={effective.allowedDomains.join(', ')} />}
        </Field>
      ) : (
        <TextListEditor
          control={form.control}
          name="allowedDomains"
          legend={i18n._('Allowed e-mail domains')}
          hint={i18n._('Students sign in with an account of one of these domains (exactly: a sub-domain is another domain).')}
          addLabel={i18n._('Add a domain')}
          rowLabel={(index) => i18n._('Domain {number}', { number: index + 1 })}
          maxRows={10}
        />
      )}
      <PatternFields
        control={form.control}
        readOnly={fromEnv('regPattern')}
        hint={hint('regPattern', i18n._('A regular expression; the last word of a student’s account name is their registration number when it matches.'))}
      />
      <TextAreaField
        control={form.control}
        name="aboutText"
        id="university-about"
        label={i18n._('About Us text')}
        hint={hint('aboutText', i18n._('Shown on the About Us page.'))}
        rows={6}
        maxLength={4000}
        readOnly={fromEnv('aboutText')}
      />
      {translationInputs().map(({ locale, words }) => (
        <TextAreaField
          key={locale}
          control={form.control}
          name={`translations.${locale}.aboutText`}
          id={`university-about-${locale}`}
          label={words.universityAbout.label}
          rows={6}
          maxLength={4000}
          lang={locale}
        />
      ))}
      {fromEnv('credits') ? (
        <Field id="university-credits" label={i18n._('Credits')} hint={hint('credits')}>
          {(aria) => <TextArea {...aria} readOnly rows={3} value={effective.credits.join('\n')} />}
        </Field>
      ) : (
        <TextListEditor
          control={form.control}
          name="credits"
          legend={i18n._('Credits')}
          hint={i18n._('People thanked on the About Us page, one per line, e.g. Name One (21BCE10001).')}
          addLabel={i18n._('Add a credit')}
          rowLabel={(index) => i18n._('Credit {number}', { number: index + 1 })}
          maxLength={200}
          maxRows={20}
        />
      )}
      <LanguageFields control={form.control} />
      <FormAlert control={form.control} />
      <SubmitRow status={savedMessage}>
        <Button type="submit" variant="primary" pending={update.isPending} pendingLabel={i18n._('Saving…')}>
          {i18n._('Save profile')}
        </Button>
      </SubmitRow>
    </form>
  );
}
