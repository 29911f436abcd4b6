import { useState } from 'react';
import type { ChangeEvent, FormEvent } from 'react';
import {
  LOGO_MAX_BYTES,
  LOGO_TYPES,
  universitySettingsSchema,
  type UniversityAdmin,
  type UniversityField,
} from '../../../../shared/admin';
import { Field } from '../../../components/ui/Field';
import { LoadingStatus } from '../../../components/ui/LoadingStatus';
import { buttonPrimary, buttonSecondary, card, fieldControl, fieldError, fieldHint } from '../../../components/ui/styles';
import { errorMessage } from '../../../lib/api-client';
import { useUniversity } from '../api/get-university';
import { useRemoveLogo } from '../api/remove-logo';
import { useUpdateUniversity } from '../api/update-university';
import { useUploadLogo } from '../api/upload-logo';
import { checkFailure, describeFailure, problemsFromIssues, type Problems } from '../lib/problems';
import { FormAlert, LoadError, SavedStatus, SectionHeader } from './common';
import { TextListEditor, textRows, textValues, type TextRow } from './ListEditor';

const SHOWN = ['name', 'shortName', 'allowedDomains', 'regPattern', 'aboutText', 'credits'];
const SAMPLE_REG_NUMBER = '21BCE10001';

/** "21BCE10001 → matches", or why it cannot say. */
function patternVerdict(pattern: string, sample: string): string {
  let re: RegExp;
  try {
    re = new RegExp(pattern.trim());
  } catch {
    return 'The pattern is not a valid regular expression.';
  }
  if (!sample.trim()) return 'Type a registration number to try the pattern.';
  return `${sample.trim()} → ${re.test(sample.trim()) ? 'matches' : 'does not match'}`;
}

function EnvironmentNote({ variable }: { variable: string }) {
  return (
    <>
      Set by <code className="font-mono">{variable}</code> in the server&apos;s environment; that value wins.
    </>
  );
}

function ProfileForm({ university, onSaved }: { university: UniversityAdmin; onSaved: (message: string | null) => void }) {
  const update = useUpdateUniversity();
  const { saved, effective } = university;
  const env = new Map<UniversityField, string>(university.fromEnvironment.map((e) => [e.field, e.variable]));
  // A field the environment sets shows what the portal uses, and is sent back as it was saved.
  const shownValue = <K extends UniversityField>(field: K) => (env.has(field) ? effective[field] : saved[field]);

  const [name, setName] = useState(shownValue('name'));
  const [shortName, setShortName] = useState(shownValue('shortName'));
  const [domains, setDomains] = useState<TextRow[]>(() => textRows(shownValue('allowedDomains')));
  const [regPattern, setRegPattern] = useState(shownValue('regPattern'));
  const [sample, setSample] = useState(SAMPLE_REG_NUMBER);
  const [aboutText, setAboutText] = useState(shownValue('aboutText'));
  const [credits, setCredits] = useState<TextRow[]>(() => textRows(shownValue('credits')));
  const [problems, setProblems] = useState<Problems>({});
  const [alert, setAlert] = useState<string | null>(null);

  const hint = (field: UniversityField, text?: string) => {
    const variable = env.get(field);
    if (variable) return <EnvironmentNote variable={variable} />;
    return text;
  };

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setAlert(null);
    onSaved(null);
    const parsed = universitySettingsSchema.safeParse({
      name: env.has('name') ? saved.name : name,
      shortName: env.has('shortName') ? saved.shortName : shortName,
      allowedDomains: env.has('allowedDomains') ? saved.allowedDomains : textValues(domains),
      regPattern: env.has('regPattern') ? saved.regPattern : regPattern,
      aboutText: env.has('aboutText') ? saved.aboutText : aboutText,
      credits: env.has('credits') ? saved.credits : textValues(credits),
    });
    if (!parsed.success) {
      const failure = checkFailure(problemsFromIssues(parsed.error.issues), SHOWN);
      setProblems(failure.problems);
      setAlert(failure.message ?? 'Some fields need attention: see the messages below them.');
      return;
    }
    setProblems({});
    try {
      await update.mutateAsync(parsed.data);
      onSaved('The university profile is saved.');
    } catch (error) {
      const failure = describeFailure(error, SHOWN);
      setProblems(failure.problems);
      setAlert(failure.message);
    }
  }

  return (
    <form noValidate aria-labelledby="profile-heading" className={`${card} mt-6 space-y-5`} onSubmit={(event) => void handleSubmit(event)}>
      <h2 id="profile-heading" className="text-lg font-semibold text-slate-900">
        Profile
      </h2>
      <Field id="university-name" label="Name" hint={hint('name', 'Shown in the portal’s header, pages and mail.')} error={problems.name}>
        {(control) => (
          <input
            {...control}
            type="text"
            maxLength={120}
            readOnly={env.has('name')}
            className={fieldControl}
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
        )}
      </Field>
      <Field
        id="university-short-name"
        label="Short name"
        hint={hint(
          'shortName',
          `The word in “Please login with ${shortName.trim() || '{short name}'} email”, the message for someone who signs in with an account from another domain.`,
        )}
        error={problems.shortName}
      >
        {(control) => (
          <input
            {...control}
            type="text"
            maxLength={40}
            readOnly={env.has('shortName')}
            className={fieldControl}
            value={shortName}
            onChange={(event) => setShortName(event.target.value)}
          />
        )}
      </Field>
      {env.has('allowedDomains') ? (
        <Field id="university-domains" label="Allowed e-mail domains" hint={hint('allowedDomains')}>
          {(control) => <input {...control} type="text" readOnly className={fieldControl} value={effective.allowedDomains.join(', ')} />}
        </Field>
      ) : (
        <TextListEditor
          idPrefix="university-domain"
          legend="Allowed e-mail domains"
          hint="Students sign in with an account of one of these domains (exactly: a sub-domain is another domain)."
          rows={domains}
          onChange={setDomains}
          noun="domain"
          path="allowedDomains"
          problems={problems}
          maxRows={10}
        />
      )}
      <div className="space-y-3">
        <Field
          id="university-reg-pattern"
          label="Registration-number pattern"
          hint={hint('regPattern', 'A regular expression; the last word of a student’s account name is their registration number when it matches.')}
          error={problems.regPattern}
        >
          {(control) => (
            <input
              {...control}
              type="text"
              spellCheck={false}
              autoComplete="off"
              maxLength={200}
              readOnly={env.has('regPattern')}
              className={`${fieldControl} font-mono`}
              value={regPattern}
              onChange={(event) => setRegPattern(event.target.value)}
            />
          )}
        </Field>
        <Field id="university-reg-sample" label="Try the pattern on a registration number">
          {(control) => (
            <input
              {...control}
              type="text"
              autoComplete="off"
              className={`${fieldControl} font-mono`}
              value={sample}
              onChange={(event) => setSample(event.target.value)}
            />
          )}
        </Field>
        <output htmlFor="university-reg-pattern university-reg-sample" aria-live="polite" className="block text-sm font-medium text-slate-900" data-testid="pattern-verdict">
          {patternVerdict(regPattern, sample)}
        </output>
      </div>
      <Field id="university-about" label="About Us text" hint={hint('aboutText', 'Shown on the About Us page.')} error={problems.aboutText}>
        {(control) => (
          <textarea
            {...control}
            rows={6}
            maxLength={4000}
            readOnly={env.has('aboutText')}
            className={fieldControl}
            value={aboutText}
            onChange={(event) => setAboutText(event.target.value)}
          />
        )}
      </Field>
      {env.has('credits') ? (
        <Field id="university-credits" label="Credits" hint={hint('credits')}>
          {(control) => <textarea {...control} readOnly rows={3} className={fieldControl} value={effective.credits.join('\n')} />}
        </Field>
      ) : (
        <TextListEditor
          idPrefix="university-credit"
          legend="Credits"
          hint="People thanked on the About Us page, one per line, e.g. Name One (21BCE10001)."
          rows={credits}
          onChange={setCredits}
          noun="credit"
          path="credits"
          problems={problems}
          maxLength={200}
          maxRows={20}
        />
      )}
      <FormAlert message={alert} />
      <button type="submit" className={buttonPrimary} disabled={update.isPending}>
        {update.isPending ? 'Saving…' : 'Save profile'}
      </button>
    </form>
  );
}

const ACCEPT = LOGO_TYPES.join(',');

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => (typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('unreadable')));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(file);
  });
}

function LogoCard({ university }: { university: UniversityAdmin }) {
  const upload = useUploadLogo();
  const remove = useRemoveLogo();
  const [chosen, setChosen] = useState<{ name: string; dataUrl: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [inputKey, setInputKey] = useState(0);

  async function handleFile(event: ChangeEvent<HTMLInputElement>) {
    setDone(null);
    setAlert(null);
    const file = event.target.files?.[0];
    setChosen(null);
    if (!file) return setProblem(null);
    if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return setProblem('Choose a PNG, JPEG or WebP image.');
    if (file.size > LOGO_MAX_BYTES) return setProblem(`The logo must be at most 200 KB; this one is ${Math.ceil(file.size / 1024)} KB.`);
    setProblem(null);
    try {
      setChosen({ name: file.name, dataUrl: await readAsDataUrl(file) });
    } catch {
      setProblem('The file could not be read. Try another one.');
    }
  }

  async function handleUpload() {
    if (!chosen) return;
    setAlert(null);
    try {
      await upload.mutateAsync(chosen.dataUrl);
      setChosen(null);
      setInputKey((k) => k + 1);
      setDone('The new logo is saved.');
    } catch (error) {
      const failure = describeFailure(error, []);
      setAlert(failure.message ?? errorMessage(error));
    }
  }

  async function handleRemove() {
    setAlert(null);
    try {
      await remove.mutateAsync();
      setDone('The logo is removed.');
    } catch (error) {
      setAlert(errorMessage(error));
    }
  }

  return (
    <section aria-labelledby="logo-heading" className={`${card} mt-6 space-y-4`}>
      <h2 id="logo-heading" className="text-lg font-semibold text-slate-900">
        Logo
      </h2>
      {university.logoUrl ? (
        <div className="flex flex-wrap items-center gap-4">
          <img src={university.logoUrl} alt="The current logo" className="h-16 max-w-full rounded border border-slate-200 bg-white object-contain p-1" />
          <button type="button" className={buttonSecondary} disabled={remove.isPending} onClick={() => void handleRemove()}>
            {remove.isPending ? 'Removing…' : 'Remove logo'}
          </button>
        </div>
      ) : (
        <p className="text-slate-700">The portal shows no logo.</p>
      )}
      <div>
        <label htmlFor="logo-file" className="block text-sm font-semibold text-slate-900">
          {university.logoUrl ? 'Replace the logo' : 'Upload a logo'}
        </label>
        <input
          key={inputKey}
          id="logo-file"
          type="file"
          accept={ACCEPT}
          aria-describedby={problem ? 'logo-file-error logo-file-hint' : 'logo-file-hint'}
          aria-invalid={Boolean(problem)}
          className="mt-1 block w-full max-w-full text-sm text-slate-900 file:mr-3 file:min-h-11 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:font-semibold"
          onChange={(event) => void handleFile(event)}
        />
        <p id="logo-file-hint" className={fieldHint}>
          PNG, JPEG or WebP, at most 200 KB.
        </p>
        {problem && (
          <p id="logo-file-error" className={fieldError}>
            {problem}
          </p>
        )}
      </div>
      {chosen && (
        <div className="flex flex-wrap items-center gap-4">
          <img src={chosen.dataUrl} alt={`Preview of ${chosen.name}`} className="h-16 max-w-full rounded border border-slate-200 object-contain p-1" />
          <button type="button" className={buttonPrimary} disabled={upload.isPending} onClick={() => void handleUpload()}>
            {upload.isPending ? 'Uploading…' : 'Use this logo'}
          </button>
        </div>
      )}
      <FormAlert message={alert} />
      <SavedStatus message={done} />
    </section>
  );
}

/** Route /admin/university: the profile the portal shows and signs people in by. */
export function UniversityPage() {
  const university = useUniversity();
  const [saved, setSaved] = useState<string | null>(null);

  return (
    <section aria-labelledby="university-heading">
      <SectionHeader title="University" id="university-heading">
        The university this portal serves: its name, who may sign in, and what About Us says.
      </SectionHeader>
      {university.isPending ? (
        <LoadingStatus label="Loading the university profile…" />
      ) : university.isError ? (
        <LoadError error={university.error} onRetry={() => void university.refetch()} />
      ) : (
        <>
          <SavedStatus message={saved} className="mt-4" />
          {/* A new answer from the server (after a save) starts the form again from what it holds. */}
          <ProfileForm
            key={university.data.updatedAt}
            university={university.data}
            onSaved={(message) => setSaved(message)}
          />
          <LogoCard university={university.data} />
        </>
      )}
    </section>
  );
}
