import { i18n } from '../../../../lib/i18n';
import { useForm, useWatch } from 'react-hook-form';
import type { Control } from 'react-hook-form';
import type { z } from 'zod';
import type { Role } from '../../../../../shared/auth';
import { personCreateSchema, personUpdateSchema } from '../../../../../shared/people';
import { FormAlert } from '../../../../components/ui/FormAlert';
import { CheckboxField, SelectField, TextField } from '../../../../components/ui/FormFields';
import { Button } from '../../../../components/ui/Button';
import { useWarnIfUnsaved } from '../../lib/unsaved-changes';
import { applyServerErrors, draftResolver } from '../../../../lib/form';
import { useCreatePerson } from '../../api/create-person';
import type { Person } from '../../api/get-people';
import { useUpdatePerson } from '../../api/update-person';
import { ROLE_LABELS, hasScopes } from './roles';
import { ScopesEditor, newScope, type ScopeDraft } from './ScopesEditor';

/** A person as the form holds it. E-mail and name only while adding (they come from sign-in after). */
interface PersonDraft {
  email?: string;
  name?: string;
  role: Role;
  antiRagging: boolean;
  scopes: ScopeDraft[];
}

type PersonCreate = z.output<typeof personCreateSchema>;
type PersonUpdate = z.output<typeof personUpdateSchema>;

const ADD_ROLES: readonly Role[] = ['staff', 'warden', 'admin'];
const EDIT_ROLES: readonly Role[] = ['student', 'staff', 'warden', 'admin'];

const accessOf = (d: PersonDraft) => ({
  role: d.role,
  antiRagging: d.antiRagging,
  scopes: hasScopes(d.role) ? d.scopes : [],
});

const emptyDraft = (role: Role = 'staff'): PersonDraft => ({ email: '', name: '', role, antiRagging: false, scopes: [newScope()] });

/** Role, the anti-ragging duty and the scopes: the same controls for adding and for editing. */
function AccessFields<P>({ control, roles }: { control: Control<PersonDraft, unknown, P>; roles: readonly Role[] }) {
  const role = useWatch({ control, name: 'role' });
  return (
    <>
      <SelectField control={control} name="role" label={i18n._('Role')}>
        {roles.map((r) => (
          <option key={r} value={r}>
            {i18n._(ROLE_LABELS[r])}
          </option>
        ))}
      </SelectField>
      <CheckboxField control={control} name="antiRagging" label={i18n._('Anti-ragging duty (may see who filed confidential complaints)')} />
      {hasScopes(role) ? (
        <ScopesEditor control={control} />
      ) : (
        <p className="text-sm text-slate-700">
          {role === 'admin' ? i18n._('Administrators see every complaint; scopes do not apply.') : i18n._('Students have no scopes.')}
        </p>
      )}
    </>
  );
}

/** "Changing the role signs … out everywhere", while the role differs from the saved one. */
function RoleChangeNote<P>({ control, person }: { control: Control<PersonDraft, unknown, P>; person: Person }) {
  const role = useWatch({ control, name: 'role' });
  if (role === person.role) return null;
  return <p className="text-sm text-slate-700">{i18n._('Changing the role signs {email} out everywhere.', { email: person.email })}</p>;
}

interface PersonFormProps {
  /** The person to edit; someone new (added by e-mail) when left out. */
  person?: Person;
  /** A save went through: the confirmation to show. */
  onSaved: (message: string) => void;
  /** A save starts (the last confirmation no longer holds). */
  onSubmitStart?: () => void;
}

/** Adding staff by e-mail and changing someone's access: the same fields, checked by the shared schemas. */
export function PersonForm({ person, onSaved, onSubmitStart }: PersonFormProps) {
  const create = useCreatePerson();
  const update = useUpdatePerson(person?.id ?? '');
  const form = useForm<PersonDraft, unknown, PersonCreate | PersonUpdate>({
    defaultValues: person
      ? {
          role: person.role,
          antiRagging: person.antiRagging,
          scopes: person.scopes.map((s) => newScope(s.category, s.hostel)),
        }
      : emptyDraft(),
    resolver: person
      ? draftResolver(personUpdateSchema, accessOf)
      : draftResolver(personCreateSchema, (d: PersonDraft) => ({ email: d.email, name: d.name, ...accessOf(d) })),
    // After a failed save, a corrected field's message goes as soon as the field is right.
    reValidateMode: 'onChange',
  });
  useWarnIfUnsaved(form.formState.isDirty);
  const pending = person ? update.isPending : create.isPending;

  const submit = form.handleSubmit(async (payload) => {
    try {
      if (person) {
        await update.mutateAsync(payload);
        onSaved(i18n._('Saved the changes for {email}.', { email: person.email }));
      } else {
        const added = await create.mutateAsync(payload as PersonCreate);
        form.reset(emptyDraft(payload.role));
        onSaved(i18n._('{email} was added as {role}.', { email: added.email, role: i18n._(ROLE_LABELS[added.role]).toLowerCase() }));
      }
    } catch (error) {
      applyServerErrors(form, error);
    }
  });

  return (
    <form
      noValidate
      aria-label={person ? i18n._('Edit {name}', { name: person.email }) : undefined}
      className={person ? 'mt-4 space-y-4 border-t border-slate-200 pt-4' : 'mt-4 space-y-4'}
      onSubmit={(event) => {
        onSubmitStart?.();
        void submit(event);
      }}
    >
      {!person && (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField control={form.control} name="email" type="email" label={i18n._('E-mail')} autoComplete="off" required />
          <TextField control={form.control} name="name" label={i18n._('Name')} autoComplete="off" maxLength={120} />
        </div>
      )}
      <AccessFields control={form.control} roles={person ? EDIT_ROLES : ADD_ROLES} />
      {person && <RoleChangeNote control={form.control} person={person} />}
      <FormAlert control={form.control} />
      <Button type="submit" variant="primary" pending={pending} pendingLabel={person ? i18n._('Saving…') : i18n._('Adding…')}>
        {person ? i18n._('Save changes') : i18n._('Add person')}
      </Button>
    </form>
  );
}
