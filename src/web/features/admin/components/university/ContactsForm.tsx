import { useForm } from 'react-hook-form';
import type { Control } from 'react-hook-form';
import { z } from 'zod';
import { raggingContactsSchema, type RaggingContacts, type UniversityAdmin } from '../../../../../shared/admin';
import { FormAlert } from '../../../../components/ui/FormAlert';
import { TextField } from '../../../../components/ui/FormFields';
import { buttonPrimary, card, fieldLabel } from '../../../../components/ui/styles';
import { cn } from '../../../../lib/cn';
import { applyServerErrors, draftResolver } from '../../../../lib/form';
import { useUpdateUniversity } from '../../api/update-university';
import { useWarnIfUnsaved } from '../../lib/unsaved-changes';
import { SubmitRow } from '../SubmitRow';

/** Nested as PUT /api/admin/university takes them, so the server's 'contacts.…' messages land on their fields. */
interface ContactsDraft {
  contacts: RaggingContacts;
}

const draftSchema = z.object({ contacts: raggingContactsSchema });
const INVALID = 'Some contacts need attention: see the messages below them.';
const phoneProps = { type: 'tel', inputMode: 'tel', autoComplete: 'off' } as const;
const emailProps = { type: 'email', inputMode: 'email', autoComplete: 'off', spellCheck: false } as const;

const GROUP = 'min-w-0 space-y-4 rounded-lg border border-slate-300 p-3';

/** The contacts every page shows: a name, an address, and a phone that may be left out. */
const PEOPLE = [
  { prefix: 'committee', legend: 'Anti-ragging committee', who: "Committee's", emailHint: 'Ragging reports are sent here: the ragging routing rule follows a change.' },
  { prefix: 'nodalOfficer', legend: 'Nodal officer', who: "Nodal officer's", emailHint: 'In copy of every report, and told when a decision or an enquiry is late.' },
] as const;

function PersonFields<P>({ control, prefix, legend, who, emailHint }: { control: Control<ContactsDraft, unknown, P> } & (typeof PEOPLE)[number]) {
  return (
    <fieldset className={GROUP}>
      <legend className={cn(fieldLabel, 'px-1')}>{legend}</legend>
      <TextField control={control} name={`contacts.${prefix}Name`} label={`${who} name`} maxLength={120} autoComplete="off" />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField control={control} name={`contacts.${prefix}Email`} label={`${who} e-mail`} hint={emailHint} {...emailProps} />
        <TextField control={control} name={`contacts.${prefix}Phone`} label={`${who} phone (optional)`} maxLength={40} {...phoneProps} />
      </div>
    </fieldset>
  );
}

interface ContactsFormProps {
  university: UniversityAdmin;
  saved: string | null;
  onSaved: (message: string | null) => void;
}

/**
 * The anti-ragging contacts (decision 40): the helpline, the committee and the nodal officer every
 * page shows, and the head of the institution the statutory clocks reach last (never shown). Saved
 * with the profile as it is saved, so nothing else changes.
 */
export function ContactsForm({ university, saved: savedMessage, onSaved }: ContactsFormProps) {
  const update = useUpdateUniversity();
  const form = useForm<ContactsDraft, unknown, z.output<typeof draftSchema>>({
    defaultValues: { contacts: university.contacts },
    resolver: draftResolver(draftSchema, (d: ContactsDraft) => d, { invalidMessage: INVALID }),
    reValidateMode: 'onChange',
  });
  useWarnIfUnsaved(form.formState.isDirty);

  const submit = form.handleSubmit(async ({ contacts }) => {
    try {
      await update.mutateAsync({ ...university.saved, contacts });
      onSaved('The anti-ragging contacts are saved: every page shows them now.');
    } catch (error) {
      applyServerErrors(form, error);
    }
  });

  return (
    <form
      noValidate
      aria-labelledby="contacts-heading"
      className={cn(card, 'mt-6 space-y-5')}
      data-testid="ragging-contacts-form"
      onSubmit={(event) => {
        onSaved(null);
        void submit(event);
      }}
    >
      <div>
        <h2 id="contacts-heading" className="text-lg font-semibold text-slate-900">
          Anti-ragging contacts
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          Every page&apos;s footer and the ragging form show the helpline and the nodal officer; the form and the reporter&apos;s
          mail also show the committee.
        </p>
      </div>
      <TextField
        control={form.control}
        name="contacts.raggingHelpline"
        label="Anti-ragging helpline"
        hint={
          <>
            The national helpline of the UGC is <span className="whitespace-nowrap">1800-180-5522</span>.
          </>
        }
        maxLength={40}
        {...phoneProps}
      />
      {PEOPLE.map((person) => (
        <PersonFields key={person.prefix} control={form.control} {...person} />
      ))}
      <fieldset className={GROUP}>
        <legend className={cn(fieldLabel, 'px-1')}>Head of the institution</legend>
        <p className="text-sm text-slate-600">Told when a decision or an enquiry is still late a day after the nodal officer was. Never shown on the pages.</p>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField control={form.control} name="contacts.headName" label="Head's name" maxLength={120} autoComplete="off" />
          <TextField control={form.control} name="contacts.headEmail" label="Head's e-mail" {...emailProps} />
        </div>
      </fieldset>
      <FormAlert control={form.control} />
      <SubmitRow status={savedMessage}>
        <button type="submit" className={buttonPrimary} disabled={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save contacts'}
        </button>
      </SubmitRow>
    </form>
  );
}
