import { useState } from 'react';
import type { FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import type { Role } from '../../../../shared/auth';
import { personCreateSchema, personUpdateSchema } from '../../../../shared/people';
import { Alert } from '../../../components/ui/Alert';
import { Field } from '../../../components/ui/Field';
import { LoadingStatus } from '../../../components/ui/LoadingStatus';
import { buttonPrimary, buttonSecondary, card, fieldControl, fieldLabel } from '../../../components/ui/styles';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useMe } from '../../../lib/me';
import { useCreatePerson } from '../api/create-person';
import { usePeople, type Person } from '../api/get-people';
import { useUpdatePerson } from '../api/update-person';
import { Badge, SectionHeader } from './common';
import { ScopesEditor, newScopeRow, scopeLabel, useScopeCategories, type ScopeRow } from './ScopesEditor';

const ROLE_LABELS: Record<Role, string> = { student: 'Student', staff: 'Staff', warden: 'Warden', admin: 'Administrator' };
const hasScopes = (role: Role) => role === 'staff' || role === 'warden';

type FormField = 'email' | 'name' | 'role' | 'antiRagging' | 'scopes';
type FieldErrors = Partial<Record<FormField, string>>;
const FORM_FIELDS: readonly FormField[] = ['email', 'name', 'role', 'antiRagging', 'scopes'];

/** Sorts `fields` of an error answer (or zod issues) into the form's fields and everything else. */
function splitFields(entries: Array<[string, string]>): { errors: FieldErrors; other: string[] } {
  const errors: FieldErrors = {};
  const other: string[] = [];
  for (const [path, message] of entries) {
    const name = path.split('.')[0] ?? '';
    if ((FORM_FIELDS as readonly string[]).includes(name)) errors[name as FormField] ??= message;
    else other.push(message);
  }
  return { errors, other };
}

function describeFailure(error: unknown): { errors: FieldErrors; message: string | null } {
  if (error instanceof ApiError && error.fields) {
    const { errors, other } = splitFields(Object.entries(error.fields));
    // A refusal (409 last_admin, …) says why in its message; a validation failure's fields say it all.
    const message =
      other.length || Object.keys(errors).length === 0 || error.code !== 'validation_failed' ? [error.message, ...other].join(' ') : null;
    return { errors, message };
  }
  return { errors: {}, message: errorMessage(error) };
}

function scopesOf(role: Role, rows: ScopeRow[]) {
  return hasScopes(role) ? rows.map(({ category, hostel }) => ({ category, hostel })) : [];
}

interface AccessFieldsProps {
  idPrefix: string;
  role: Role;
  roles: readonly Role[];
  onRole: (role: Role) => void;
  antiRagging: boolean;
  onAntiRagging: (value: boolean) => void;
  scopes: ScopeRow[];
  onScopes: (rows: ScopeRow[]) => void;
  errors: FieldErrors;
}

/** Role, the anti-ragging duty and the scopes: the same controls for adding and for editing. */
function AccessFields({ idPrefix, role, roles, onRole, antiRagging, onAntiRagging, scopes, onScopes, errors }: AccessFieldsProps) {
  return (
    <>
      <Field id={`${idPrefix}-role`} label="Role" error={errors.role}>
        {(control) => (
          <select {...control} className={fieldControl} value={role} onChange={(event) => onRole(event.target.value as Role)}>
            {roles.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <div>
        <label className="flex min-h-11 items-center gap-3 text-slate-900">
          <input
            type="checkbox"
            className="size-5 accent-brand-700"
            checked={antiRagging}
            onChange={(event) => onAntiRagging(event.target.checked)}
          />
          Anti-ragging duty (may see who filed confidential complaints)
        </label>
        {errors.antiRagging && <p className="text-sm font-medium text-red-800">{errors.antiRagging}</p>}
      </div>
      {hasScopes(role) ? (
        <ScopesEditor idPrefix={idPrefix} rows={scopes} onChange={onScopes} error={errors.scopes} />
      ) : (
        <p className="text-sm text-slate-700">
          {role === 'admin' ? 'Administrators see every complaint; scopes do not apply.' : 'Students have no scopes.'}
        </p>
      )}
    </>
  );
}

function AddPersonForm() {
  const create = useCreatePerson();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<Role>('staff');
  const [antiRagging, setAntiRagging] = useState(false);
  const [scopes, setScopes] = useState<ScopeRow[]>(() => [newScopeRow()]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [added, setAdded] = useState<string | null>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setAdded(null);
    setProblem(null);
    const parsed = personCreateSchema.safeParse({ email, name, role, antiRagging, scopes: scopesOf(role, scopes) });
    if (!parsed.success) {
      const split = splitFields(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
      setErrors(split.errors);
      if (split.other.length) setProblem(split.other.join(' '));
      return;
    }
    setErrors({});
    try {
      const person = await create.mutateAsync(parsed.data);
      setAdded(`${person.email} was added as ${ROLE_LABELS[person.role].toLowerCase()}.`);
      setEmail('');
      setName('');
      setAntiRagging(false);
      setScopes([newScopeRow()]);
    } catch (error) {
      const failure = describeFailure(error);
      setErrors(failure.errors);
      setProblem(failure.message);
    }
  }

  return (
    <section aria-labelledby="add-person-heading" className={`${card} mt-6`}>
      <h2 id="add-person-heading" className="text-lg font-semibold text-slate-900">
        Add staff by e-mail
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        They get their role when they first sign in. Addresses outside the university domain can sign in only when added here.
      </p>
      <form noValidate className="mt-4 space-y-4" onSubmit={(event) => void handleSubmit(event)}>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="new-person-email" label="E-mail" error={errors.email}>
            {(control) => (
              <input
                {...control}
                type="email"
                autoComplete="off"
                required
                className={fieldControl}
                value={email}
                onChange={(event) => setEmail(event.target.value)}
              />
            )}
          </Field>
          <Field id="new-person-name" label="Name" error={errors.name}>
            {(control) => (
              <input
                {...control}
                type="text"
                autoComplete="off"
                maxLength={120}
                className={fieldControl}
                value={name}
                onChange={(event) => setName(event.target.value)}
              />
            )}
          </Field>
        </div>
        <AccessFields
          idPrefix="new-person"
          role={role}
          roles={['staff', 'warden', 'admin']}
          onRole={setRole}
          antiRagging={antiRagging}
          onAntiRagging={setAntiRagging}
          scopes={scopes}
          onScopes={setScopes}
          errors={errors}
        />
        <button type="submit" className={buttonPrimary} disabled={create.isPending}>
          {create.isPending ? 'Adding…' : 'Add person'}
        </button>
      </form>
      <div role="status" className="empty:hidden">
        {added && <p className="mt-3 text-green-800">{added}</p>}
      </div>
      {problem && (
        <Alert className="mt-3">
          <p>{problem}</p>
        </Alert>
      )}
    </section>
  );
}

function EditPersonForm({ person, onDone }: { person: Person; onDone: (message: string) => void }) {
  const update = useUpdatePerson(person.id);
  const [role, setRole] = useState<Role>(person.role);
  const [antiRagging, setAntiRagging] = useState(person.antiRagging);
  const [scopes, setScopes] = useState<ScopeRow[]>(() => person.scopes.map((s) => newScopeRow(s.category, s.hostel)));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const prefix = `person-${person.id}`;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setProblem(null);
    const parsed = personUpdateSchema.safeParse({ role, antiRagging, scopes: scopesOf(role, scopes) });
    if (!parsed.success) {
      const split = splitFields(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
      setErrors(split.errors);
      if (split.other.length) setProblem(split.other.join(' '));
      return;
    }
    setErrors({});
    try {
      await update.mutateAsync(parsed.data);
      onDone(`Saved the changes for ${person.email}.`);
    } catch (error) {
      const failure = describeFailure(error);
      setErrors(failure.errors);
      setProblem(failure.message);
    }
  }

  return (
    <form
      noValidate
      className="mt-4 space-y-4 border-t border-slate-200 pt-4"
      aria-label={`Edit ${person.email}`}
      onSubmit={(event) => void handleSubmit(event)}
    >
      <AccessFields
        idPrefix={prefix}
        role={role}
        roles={['student', 'staff', 'warden', 'admin']}
        onRole={setRole}
        antiRagging={antiRagging}
        onAntiRagging={setAntiRagging}
        scopes={scopes}
        onScopes={setScopes}
        errors={errors}
      />
      {role !== person.role && (
        <p className="text-sm text-slate-700">Changing the role signs {person.email} out everywhere.</p>
      )}
      {problem && (
        <Alert>
          <p>{problem}</p>
        </Alert>
      )}
      <button type="submit" className={buttonPrimary} disabled={update.isPending}>
        {update.isPending ? 'Saving…' : 'Save changes'}
      </button>
    </form>
  );
}

/**
 * Disable (after a confirmation: it signs the person out everywhere at once) or enable an
 * account. Role, duty and scopes are sent as they are, because the update replaces them.
 */
function AccountSwitch({ person, onDone }: { person: Person; onDone: (message: string) => void }) {
  const update = useUpdatePerson(person.id);
  const me = useMe();
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const self = me.data?.id === person.id;

  async function setDisabled(disabled: boolean) {
    setProblem(null);
    try {
      await update.mutateAsync({ role: person.role, antiRagging: person.antiRagging, scopes: person.scopes, disabled });
      setConfirming(false);
      onDone(disabled ? `${person.email} is disabled and signed out everywhere.` : `${person.email} can sign in again.`);
    } catch (error) {
      setProblem(describeFailure(error).message ?? errorMessage(error));
    }
  }

  return (
    <div className="mt-3">
      {person.disabled ? (
        <button type="button" className={buttonSecondary} disabled={update.isPending} onClick={() => void setDisabled(false)}>
          {update.isPending ? 'Enabling…' : 'Enable account'} <span className="sr-only">of {person.email}</span>
        </button>
      ) : confirming ? (
        <div className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-3" data-testid="confirm-disable">
          <p className="text-sm text-amber-950">
            {self
              ? 'Disable your own account? You are signed out at once and another administrator has to enable it again.'
              : `Disable ${person.email}? They are signed out at once and cannot sign in until the account is enabled again.`}
          </p>
          <div className="flex flex-wrap gap-2">
            <button type="button" className={buttonPrimary} disabled={update.isPending} onClick={() => void setDisabled(true)}>
              {update.isPending ? 'Disabling…' : 'Disable account'} <span className="sr-only">of {person.email}</span>
            </button>
            <button type="button" className={buttonSecondary} onClick={() => setConfirming(false)}>
              Cancel
            </button>
          </div>
        </div>
      ) : (
        <button type="button" className={buttonSecondary} onClick={() => setConfirming(true)}>
          Disable account <span className="sr-only">of {person.email}</span>
        </button>
      )}
      {problem && (
        <Alert className="mt-3">
          <p>{problem}</p>
        </Alert>
      )}
    </div>
  );
}

function PersonCard({ person }: { person: Person }) {
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const categories = useScopeCategories();
  const formId = `person-${person.id}-form`;

  return (
    <li className={card} data-testid="person">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
            <span className="break-words">{person.name || person.email}</span>
            {person.disabled && <Badge tone="danger">Disabled</Badge>}
          </p>
          <p className="text-sm break-all text-slate-700">{person.email}</p>
        </div>
        <button
          type="button"
          className={buttonSecondary}
          aria-expanded={editing}
          aria-controls={editing ? formId : undefined}
          onClick={() => {
            setEditing(!editing);
            setSaved(null);
          }}
        >
          {editing ? 'Close' : 'Edit'} <span className="sr-only">{person.email}</span>
        </button>
      </div>
      <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-3">
        <div>
          <dt className="inline font-medium text-slate-600">Role: </dt>
          <dd className="inline text-slate-900">{ROLE_LABELS[person.role]}</dd>
        </div>
        <div>
          <dt className="inline font-medium text-slate-600">Anti-ragging duty: </dt>
          <dd className="inline text-slate-900">{person.antiRagging ? 'Yes' : 'No'}</dd>
        </div>
        <div>
          <dt className="inline font-medium text-slate-600">Status: </dt>
          <dd className="inline text-slate-900">
            {person.disabled ? 'Disabled' : person.lastSignInAt ? 'Active' : 'Not signed in yet'}
          </dd>
        </div>
        <div className="sm:col-span-3">
          <dt className="inline font-medium text-slate-600">Scopes: </dt>
          <dd className="inline text-slate-900">
            {person.role === 'admin'
              ? 'Everything'
              : person.scopes.length
                ? person.scopes.map((scope) => scopeLabel(scope, categories)).join('; ')
                : 'None'}
          </dd>
        </div>
      </dl>
      <AccountSwitch person={person} onDone={setSaved} />
      <div role="status" className="empty:hidden">
        {saved && <p className="mt-3 text-green-800">{saved}</p>}
      </div>
      {editing && (
        <div id={formId}>
          <EditPersonForm
            person={person}
            onDone={(message) => {
              setSaved(message);
              setEditing(false);
            }}
          />
        </div>
      )}
    </li>
  );
}

function PeopleList() {
  const [searchParams, setSearchParams] = useSearchParams();
  const q = (searchParams.get('q') ?? '').trim();
  const [draft, setDraft] = useState(q);
  const [seenQ, setSeenQ] = useState(q);
  if (seenQ !== q) {
    setSeenQ(q);
    setDraft(q);
  }
  const people = usePeople(q, { enabled: true });

  function handleSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next = draft.trim();
    void setSearchParams(next ? { q: next } : {}, { preventScrollReset: true });
  }

  return (
    <section aria-labelledby="people-heading" className="mt-8">
      <h2 id="people-heading" className="text-xl font-semibold text-slate-900">
        Find people
      </h2>
      <form role="search" aria-label="People" className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end" onSubmit={handleSearch}>
        <div className="min-w-0 flex-1">
          <label htmlFor="people-q" className={fieldLabel}>
            Search by e-mail, name or registration number
          </label>
          <input
            id="people-q"
            type="search"
            maxLength={100}
            className={`${fieldControl} mt-1`}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
          />
        </div>
        <button type="submit" className={buttonPrimary}>
          Search
        </button>
      </form>

      {people.isPending ? (
        <LoadingStatus label="Loading people…" />
      ) : people.isError ? (
        <div className="mt-4 space-y-4">
          <Alert>
            <p>{errorMessage(people.error)}</p>
          </Alert>
          <button type="button" className={buttonSecondary} onClick={() => void people.refetch()}>
            Try again
          </button>
        </div>
      ) : people.data.items.length === 0 ? (
        <p className={`${card} mt-4 text-slate-800`} data-testid="no-people">
          {q ? `Nobody matches “${q}”.` : 'Nobody has signed in yet.'}
        </p>
      ) : (
        <ul className="mt-4 grid gap-3" aria-label={q ? `People matching ${q}` : 'Everyone'}>
          {people.data.items.map((person) => (
            <PersonCard key={person.id} person={person} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** Route /admin/people: roles, the anti-ragging duty and scopes; adding staff by e-mail; disabling accounts. */
export function PeoplePage() {
  return (
    <section aria-labelledby="admin-people-heading">
      <SectionHeader title="People" id="admin-people-heading">
        Who works complaints and where. Staff and wardens see the complaints of their scopes; a disabled account cannot
        sign in.
      </SectionHeader>
      <AddPersonForm />
      <PeopleList />
    </section>
  );
}
