import { useEffect, useRef, useState } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import {
  COMMITTEE_POSITIONS,
  committeeSetupSchema,
  compositionChecklist,
  type CommitteePosition,
  type CommitteeSetupInput,
  type CommitteeSetupView,
} from '../../../../shared/grievances';
import { Button } from '../../../components/ui/Button';
import { FormAlert } from '../../../components/ui/FormAlert';
import { CheckboxField, SelectField, TextField } from '../../../components/ui/FormFields';
import { LoadError } from '../../../components/ui/LoadError';
import { LoadingStatus } from '../../../components/ui/LoadingStatus';
import { PageHeading } from '../../../components/ui/PageHeading';
import { StatusMessage } from '../../../components/ui/StatusMessage';
import { card, fieldLabel } from '../../../components/ui/styles';
import { WithSlots, slot } from '../../../components/ui/WithSlots';
import { cn } from '../../../lib/cn';
import { applyServerErrors, draftResolver } from '../../../lib/form';
import { i18n } from '../../../lib/i18n';
import { useCommitteeSetup, useSaveCommitteeSetup } from '../api/committee-setup';
import { CHECKLIST_WORDS, POSITION_WORDS } from '../lib/words';

interface MemberDraft {
  email: string;
  name: string;
  position: CommitteePosition;
  woman: boolean;
  reservedCategory: boolean;
}

interface Draft {
  members: MemberDraft[];
  ombudsperson: { email: string; name: string };
}

const draftOf = (view: CommitteeSetupView): Draft => ({
  members: view.members.map(({ email, name, position, woman, reservedCategory }) => ({ email, name, position, woman, reservedCategory })),
  ombudsperson: { email: view.ombudsperson?.email ?? '', name: view.ombudsperson?.name ?? '' },
});

/** No Ombudsperson named is none at all (both fields left empty), not an incomplete one. */
const payloadOf = (draft: Draft): CommitteeSetupInput => ({
  members: draft.members,
  ombudsperson: draft.ombudsperson.email.trim() === '' && draft.ombudsperson.name.trim() === '' ? null : draft.ombudsperson,
});

const resolver = draftResolver(committeeSetupSchema, payloadOf);

const NEW_MEMBER: MemberDraft = { email: '', name: '', position: 'member', woman: false, reservedCategory: false };

/** The regulation's composition, as the draft stands: what is there and what is missing. */
function Checklist({ draft }: { draft: Draft }) {
  const items = compositionChecklist({ members: draft.members, ombudsperson: payloadOf(draft).ombudsperson });
  const missing = items.filter((item) => !item.met);
  return (
    <section aria-labelledby="checklist-heading" className={cn(card, 'mt-4')} data-testid="composition-checklist">
      <h2 id="checklist-heading" className="text-base font-semibold text-slate-900">
        {i18n._('What the UGC regulations ask for')}
      </h2>
      <ul className="mt-2 space-y-1">
        {items.map((item) => (
          <li key={item.item} className="flex items-start gap-2 text-slate-900">
            <span aria-hidden="true" className={item.met ? 'text-green-700' : 'text-red-700'}>
              {item.met ? '✓' : '✗'}
            </span>
            <span>
              {CHECKLIST_WORDS[item.item]()}
              <span className="sr-only">{item.met ? i18n._(': there') : i18n._(': missing')}</span>
            </span>
          </li>
        ))}
      </ul>
      <p className={cn('mt-3 font-medium', missing.length ? 'text-red-800' : 'text-green-800')} data-testid="composition-missing">
        {missing.length
          ? i18n._('Missing: {items}. The committee works meanwhile, but the university should set it right.', { items: missing.map((item) => CHECKLIST_WORDS[item.item]()).join('; ') })
          : i18n._('The committee is composed as the regulations ask.')}
      </p>
    </section>
  );
}

function SetupForm({ view }: { view: CommitteeSetupView }) {
  const save = useSaveCommitteeSetup();
  const form = useForm<Draft, unknown, CommitteeSetupInput>({ defaultValues: draftOf(view), resolver, reValidateMode: 'onChange' });
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'members' });
  const draft = useWatch({ control: form.control }) as Draft;
  const [saved, setSaved] = useState<string | null>(null);
  const focusNew = useRef(false);
  useEffect(() => {
    if (!focusNew.current) return;
    focusNew.current = false;
    form.setFocus(`members.${fields.length - 1}.name`);
  }, [fields.length, form]);

  const submit = form.handleSubmit(async (payload) => {
    setSaved(null);
    try {
      const stored = await save.mutateAsync(payload);
      form.reset(draftOf(stored));
      setSaved(i18n._('Saved the committee. Its members see the grievances in the Grievance committee console.'));
    } catch (error) {
      applyServerErrors(form, error);
    }
  });

  const signedUp = new Map(view.members.map((member) => [member.email, member.signedUp]));
  return (
    <>
      <Checklist draft={{ members: draft.members ?? [], ombudsperson: draft.ombudsperson ?? { email: '', name: '' } }} />
      <form noValidate aria-label={i18n._('Grievance committee')} className="mt-4 space-y-4" onSubmit={(event) => void submit(event)}>
        <fieldset className={cn(card, 'min-w-0')}>
          <legend className={cn(fieldLabel, 'px-1 text-base')}>{i18n._('Members')}</legend>
          {fields.length === 0 && <p className="mt-2 text-slate-700">{i18n._('No one is named yet.')}</p>}
          <ul className="mt-2 space-y-3">
            {fields.map((row, index) => (
              <li key={row.id} className="space-y-3 rounded-lg bg-slate-50 p-3" aria-label={i18n._('Member {index}', { index: index + 1 })}>
                <div className="grid gap-3 sm:grid-cols-2">
                  <TextField control={form.control} name={`members.${index}.name`} label={i18n._('Name')} autoComplete="off" />
                  <TextField control={form.control} name={`members.${index}.email`} type="email" label={i18n._('University e-mail')} autoComplete="off" />
                </div>
                <SelectField control={form.control} name={`members.${index}.position`} label={i18n._('Position')}>
                  {COMMITTEE_POSITIONS.map((position) => (
                    <option key={position} value={position}>
                      {POSITION_WORDS[position]()}
                    </option>
                  ))}
                </SelectField>
                <div className="flex flex-wrap gap-x-6">
                  <CheckboxField control={form.control} name={`members.${index}.woman`} label={i18n._('A woman')} />
                  <CheckboxField control={form.control} name={`members.${index}.reservedCategory`} label={i18n._('From the SC/ST/OBC communities')} />
                </div>
                {signedUp.get(row.email) === false && <p className="text-sm text-slate-700">{i18n._('Has not signed in yet: they see the console once they do.')}</p>}
                <Button onClick={() => remove(index)}>
                  <WithSlots text={i18n._('Remove {who}', { who: slot('who') })} slots={{ who: <span className="sr-only">{i18n._('member {index}', { index: index + 1 })}</span> }} />
                </Button>
              </li>
            ))}
          </ul>
          <Button
            className="mt-3"
            onClick={() => {
              focusNew.current = true;
              append({ ...NEW_MEMBER, position: fields.length === 0 ? 'chair' : 'member' });
            }}
          >
            {i18n._('Add a member')}
          </Button>
        </fieldset>

        <fieldset className={cn(card, 'min-w-0')}>
          <legend className={cn(fieldLabel, 'px-1 text-base')}>{i18n._('Ombudsperson')}</legend>
          <p className="mt-1 text-sm text-slate-700">{i18n._('Hears the appeals against the committee’s decisions. Leave both empty while there is none.')}</p>
          <div className="mt-3 grid gap-3 sm:grid-cols-2">
            <TextField control={form.control} name="ombudsperson.name" label={i18n._('Ombudsperson’s name')} autoComplete="off" />
            <TextField control={form.control} name="ombudsperson.email" type="email" label={i18n._('Ombudsperson’s e-mail')} autoComplete="off" />
          </div>
          {view.ombudsperson && !view.ombudsperson.signedUp && <p className="mt-2 text-sm text-slate-700">{i18n._('Has not signed in yet: they see the console once they do.')}</p>}
        </fieldset>

        <FormAlert control={form.control} />
        <StatusMessage message={saved} data-testid="committee-saved" />
        <Button type="submit" variant="primary" className="w-full sm:w-auto" pending={save.isPending} pendingLabel={i18n._('Saving…')}>
          {i18n._('Save the committee')}
        </Button>
      </form>
    </>
  );
}

/** Admin console, Grievance committee: the SGRC's members with their positions, the Ombudsperson, and the regulation's checklist. */
export function CommitteeSetupPage() {
  const setup = useCommitteeSetup();
  const title = i18n._('Grievance committee');
  return (
    <section aria-labelledby="committee-setup-heading">
      <PageHeading id="committee-setup-heading" title={i18n._('{title} · Admin · Hostel Complaint Portal', { title })}>
        {title}
      </PageHeading>
      <p className="mt-2 max-w-prose text-slate-700">
        {i18n._('The Student Grievance Redressal Committee decides students’ grievances within 15 working days; the Ombudsperson hears appeals against its decisions. Name them here: each sees their console once signed in.')}
      </p>
      {setup.isPending ? (
        <LoadingStatus label={i18n._('Loading the committee…')} />
      ) : setup.isError ? (
        <LoadError error={setup.error} onRetry={() => void setup.refetch()} />
      ) : (
        <SetupForm view={setup.data} />
      )}
    </section>
  );
}
