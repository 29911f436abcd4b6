import { useForm } from 'react-hook-form';
import type { Control } from 'react-hook-form';
import { hostelCreateSchema, hostelUpdateSchema, type HostelAdmin, type HostelCreate, type HostelUpdate } from '../../../../../shared/admin';
import { FormAlert } from '../../../../components/ui/FormAlert';
import { TextField } from '../../../../components/ui/FormFields';
import { Button } from '../../../../components/ui/Button';
import { i18n } from '../../../../lib/i18n';
import { useWarnIfUnsaved } from '../../lib/unsaved-changes';
import { applyServerErrors, draftResolver } from '../../../../lib/form';
import { useCreateHostel } from '../../api/create-hostel';
import { useUpdateHostel } from '../../api/update-hostel';
import { toNumber } from '../../lib/problems';
import { ListEditor } from '../ListEditor';
import { translationDraft, type TranslationDraft } from '../../lib/translations';
import { TranslatedTextFields } from '../TranslatedTextFields';

/** A hostel as the form holds it: numbers as typed. The name only while adding (it never changes). */
interface HostelDraft {
  name?: string;
  /** Empty: none (people reading another language see the English). */
  translations: TranslationDraft<'name'>;
  /** Its code in place addresses; empty while adding: made from the name. */
  code: string;
  floorMin: string;
  floorMax: string;
  roomRanges: Array<{ from: string; to: string }>;
}

const emptyRange = () => ({ from: '', to: '' });
const emptyDraft = (): HostelDraft => ({ name: '', translations: translationDraft(undefined, ['name']), code: '', floorMin: '0', floorMax: '', roomRanges: [emptyRange()] });

const draftOf = (h: HostelAdmin): HostelDraft => ({
  translations: translationDraft(h.translations, ['name']),
  code: h.code,
  floorMin: String(h.floorMin),
  floorMax: String(h.floorMax),
  roomRanges: h.roomRanges.map((r) => ({ from: String(r.from), to: String(r.to) })),
});

const placeOf = (d: HostelDraft) => ({
  floorMin: toNumber(d.floorMin),
  floorMax: toNumber(d.floorMax),
  roomRanges: d.roomRanges.map((r) => ({ from: toNumber(r.from), to: toNumber(r.to) })),
});

const numberProps = { inputMode: 'numeric', autoComplete: 'off' } as const;

/** Lowest and top floor, and the room ranges. */
function PlaceFields<P>({ control }: { control: Control<HostelDraft, unknown, P> }) {
  return (
    <>
      <div className="grid grid-cols-2 gap-4">
        <TextField control={control} name="floorMin" label={i18n._('Lowest floor')} {...numberProps} />
        <TextField control={control} name="floorMax" label={i18n._('Top floor')} {...numberProps} />
      </div>
      <ListEditor
        control={control}
        name="roomRanges"
        legend={i18n._('Room numbers')}
        hint={i18n._('The room numbers a student may give, as one or more ranges that do not overlap (e.g. 1 to 40 and 101 to 140).')}
        newRow={emptyRange}
        addLabel={i18n._('Add a room range')}
        rowName={(index) => i18n._('room range {number}', { number: index + 1 })}
        renderRow={(index) => (
          <div className="grid grid-cols-2 gap-3">
            <TextField control={control} name={`roomRanges.${index}.from`} label={i18n._('From room (range {number})', { number: index + 1 })} {...numberProps} />
            <TextField control={control} name={`roomRanges.${index}.to`} label={i18n._('To room (range {number})', { number: index + 1 })} {...numberProps} />
          </div>
        )}
      />
    </>
  );
}

interface HostelFormProps {
  /** The hostel to edit; a new one when left out. */
  hostel?: HostelAdmin;
  /** A save went through: the confirmation to show. */
  onSaved: (message: string) => void;
  /** A save starts (the last confirmation no longer holds). */
  onSubmitStart?: () => void;
}

/** Adding a hostel and editing one: the same fields, checked by the shared schemas. */
export function HostelForm({ hostel, onSaved, onSubmitStart }: HostelFormProps) {
  const create = useCreateHostel();
  const update = useUpdateHostel(hostel?.id ?? '');
  const form = useForm<HostelDraft, unknown, HostelCreate | HostelUpdate>({
    defaultValues: hostel ? draftOf(hostel) : emptyDraft(),
    resolver: hostel
      ? draftResolver(hostelUpdateSchema, (d: HostelDraft) => ({ ...placeOf(d), retired: hostel.retired, code: d.code, translations: d.translations }))
      : draftResolver(hostelCreateSchema, (d: HostelDraft) => ({ name: d.name, translations: d.translations, ...(d.code.trim() ? { code: d.code } : {}), ...placeOf(d) })),
    // After a failed save, a corrected field's message goes as soon as the field is right.
    reValidateMode: 'onChange',
  });
  useWarnIfUnsaved(form.formState.isDirty);
  const pending = hostel ? update.isPending : create.isPending;

  const submit = form.handleSubmit(async (payload) => {
    try {
      if (hostel) {
        await update.mutateAsync(payload as HostelUpdate);
        onSaved(i18n._('Saved the changes to {name}.', { name: hostel.name }));
      } else {
        const added = await create.mutateAsync(payload as HostelCreate);
        form.reset(emptyDraft());
        onSaved(i18n._('{name} is added.', { name: added.name }));
      }
    } catch (error) {
      applyServerErrors(form, error);
    }
  });

  return (
    <form
      noValidate
      aria-label={hostel ? i18n._('Edit {name}', { name: hostel.name }) : undefined}
      className={hostel ? 'mt-4 space-y-4 border-t border-slate-200 pt-4' : 'mt-4 space-y-4'}
      onSubmit={(event) => {
        onSubmitStart?.();
        void submit(event);
      }}
    >
      {hostel ? (
        <p className="text-sm text-slate-700">
          {i18n._(
            'The name cannot be changed: complaints already filed keep it. To rename a hostel, add one with the new name and retire this one.',
          )}
        </p>
      ) : (
        <TextField
          control={form.control}
          name="name"
          label={i18n._('Name')}
          hint={i18n._('Students choose it in every form. It cannot be changed later.')}
          autoComplete="off"
          maxLength={60}
        />
      )}
      <TranslatedTextFields control={form.control} name={(locale) => `translations.${locale}.name`} words={(words) => words.hostelName} autoComplete="off" maxLength={60} />
      <TextField
        control={form.control}
        name="code"
        label={hostel ? i18n._('Code') : i18n._('Code (optional)')}
        hint={
          hostel
            ? i18n._('Letters and digits, up to 12, in the address on its printed labels (/p/CODE/214). Labels already printed stop working when it changes.')
            : i18n._('Letters and digits, up to 12, in the address on its printed labels. Left empty: made from the name (Block-2 → BLOCK2).')
        }
        autoComplete="off"
        maxLength={12}
        controlClassName="font-mono uppercase"
      />
      <PlaceFields control={form.control} />
      <FormAlert control={form.control} />
      <Button type="submit" variant="primary" pending={pending} pendingLabel={hostel ? i18n._('Saving…') : i18n._('Adding…')}>
        {hostel ? i18n._('Save changes') : i18n._('Add hostel')}
      </Button>
    </form>
  );
}
