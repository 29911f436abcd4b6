import { useForm } from 'react-hook-form';
import type { Control } from 'react-hook-form';
import { z } from 'zod';
import { raggingContactsSchema, type RaggingContacts, type UniversityAdmin } from '../../../../../shared/admin';
import { FormAlert } from '../../../../components/ui/FormAlert';
import { TextField } from '../../../../components/ui/FormFields';
import { WithSlots, slot } from '../../../../components/ui/WithSlots';
import { NATIONAL_RAGGING_HELPLINE } from '../../../../../shared/catalog';
import { Button } from '../../../../components/ui/Button';
import { card, fieldLabel } from '../../../../components/ui/styles';
import { cn } from '../../../../lib/cn';
import { i18n } from '../../../../lib/i18n';
import { applyServerErrors, draftResolver } from '../../../../lib/form';
import { useUpdateUniversity } from '../../api/update-university';
import { useWarnIfUnsaved } from '../../lib/unsaved-changes';
import { SubmitRow } from '../SubmitRow';
import { translationDraft, type TranslationDraft } from '../../lib/translations';
import { TranslatedTextFields } from '../TranslatedTextFields';

/** Nested as PUT /api/admin/university takes them, so the server's 'contacts.…' messages land on their fields. */
interface ContactsDraft {
  contacts: Omit<RaggingContacts, 'translations'> & { translations: TranslationDraft<'committeeName'> };
}

const draftSchema = z.object({ contacts: raggingContactsSchema });
const invalidMessage = () => i18n._('Some contacts need attention: see the messages below them.');
const phoneProps = { type: 'tel', inputMode: 'tel', autoComplete: 'off' } as const;
const emailProps = { type: 'email', inputMode: 'email', autoComplete: 'off', spellCheck: false } as const;

const GROUP = 'min-w-0 space-y-4 rounded-lg border border-slate-300 p-3';

/** The contacts every page shows: a name, an address, and a phone that may be left out. Translated when shown. */
const people = () => [
  {
    prefix: 'committee',
    legend: i18n._('Anti-ragging committee'),
    nameLabel: i18n._("Committee's name"),
    emailLabel: i18n._("Committee's e-mail"),
    phoneLabel: i18n._("Committee's phone (optional)"),
    emailHint: i18n._('Ragging reports are sent here: the ragging routing rule follows a change.'),
  },
  {
    prefix: 'nodalOfficer',
    legend: i18n._('Nodal officer'),
    nameLabel: i18n._("Nodal officer's name"),
    emailLabel: i18n._("Nodal officer's e-mail"),
    phoneLabel: i18n._("Nodal officer's phone (optional)"),
    emailHint: i18n._('In copy of every report, and told when a decision or an enquiry is late.'),
  },
] as const;

function PersonFields<P>({ control, prefix, legend, nameLabel, emailLabel, phoneLabel, emailHint }: { control: Control<ContactsDraft, unknown, P> } & ReturnType<typeof people>[number]) {
  return (
    <fieldset className={GROUP}>
      <legend className={cn(fieldLabel, 'px-1')}>{legend}</legend>
      <TextField control={control} name={`contacts.${prefix}Name`} label={nameLabel} maxLength={120} autoComplete="off" />
      {prefix === 'committee' && (
        <TranslatedTextFields control={control} name={(locale) => `contacts.translations.${locale}.committeeName`} words={(words) => words.committeeName} maxLength={120} autoComplete="off" />
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField control={control} name={`contacts.${prefix}Email`} label={emailLabel} hint={emailHint} {...emailProps} />
        <TextField control={control} name={`contacts.${prefix}Phone`} label={phoneLabel} maxLength={40} {...phoneProps} />
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
    defaultValues: { contacts: { ...university.contacts, translations: translationDraft(university.contacts.translations, ['committeeName']) } },
    resolver: draftResolver(draftSchema, (d: ContactsDraft) => d, { invalidMessage: invalidMessage() }),
    reValidateMode: 'onChange',
  });
  useWarnIfUnsaved(form.formState.isDirty);

  const submit = form.handleSubmit(async ({ contacts }) => {
    try {
      await update.mutateAsync({ ...university.saved, contacts });
      onSaved(i18n._('The anti-ragging contacts are saved: every page shows them now.'));
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
          {i18n._('Anti-ragging contacts')}
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          {i18n._(
            "Every page's footer and the ragging form show the helpline and the nodal officer; the form and the reporter's mail also show the committee.",
          )}
        </p>
      </div>
      <TextField
        control={form.control}
        name="contacts.raggingHelpline"
        label={i18n._('Anti-ragging helpline')}
        hint={
          <WithSlots
            text={i18n._('The national helpline of the UGC is {number}.', { number: slot('number') })}
            slots={{ number: <span className="whitespace-nowrap">{NATIONAL_RAGGING_HELPLINE}</span> }}
          />
        }
        maxLength={40}
        {...phoneProps}
      />
      {people().map((person) => (
        <PersonFields key={person.prefix} control={form.control} {...person} />
      ))}
      <fieldset className={GROUP}>
        <legend className={cn(fieldLabel, 'px-1')}>{i18n._('Head of the institution')}</legend>
        <p className="text-sm text-slate-600">{i18n._('Told when a decision or an enquiry is still late a day after the nodal officer was. Never shown on the pages.')}</p>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField control={form.control} name="contacts.headName" label={i18n._("Head's name")} maxLength={120} autoComplete="off" />
          <TextField control={form.control} name="contacts.headEmail" label={i18n._("Head's e-mail")} {...emailProps} />
        </div>
      </fieldset>
      <FormAlert control={form.control} />
      <SubmitRow status={savedMessage}>
        <Button type="submit" variant="primary" pending={update.isPending} pendingLabel={i18n._('Saving…')}>
          {i18n._('Save contacts')}
        </Button>
      </SubmitRow>
    </form>
  );
}
