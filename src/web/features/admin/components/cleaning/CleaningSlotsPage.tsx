import { i18n } from '../../../../lib/i18n';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { HostelAdmin } from '../../../../../shared/admin';
import { WEEKDAY_NAMES, cleaningSlotCreateSchema, type CleaningSlotAdmin, type CleaningSlotCreate } from '../../../../../shared/cleaning-schedule';
import { Alert } from '../../../../components/ui/Alert';
import { Badge } from '../../../../components/ui/Badge';
import { FormAlert } from '../../../../components/ui/FormAlert';
import { SelectField, TextField } from '../../../../components/ui/FormFields';
import { LoadError } from '../../../../components/ui/LoadError';
import { LoadingStatus } from '../../../../components/ui/LoadingStatus';
import { StatusMessage } from '../../../../components/ui/StatusMessage';
import { Button } from '../../../../components/ui/Button';
import { card } from '../../../../components/ui/styles';
import { errorMessage } from '../../../../lib/api-client';
import { cn } from '../../../../lib/cn';
import { applyServerErrors, draftResolver } from '../../../../lib/form';
import { useCreateCleaningSlot } from '../../api/create-cleaning-slot';
import { useCleaningSlots } from '../../api/get-cleaning-slots';
import { useHostels } from '../../api/get-hostels';
import { useSetCleaningSlotRetired } from '../../api/set-cleaning-slot-retired';
import { useWarnIfUnsaved } from '../../lib/unsaved-changes';
import { SectionHeader } from '../SectionHeader';
import { slotWords, weekdayWord } from '../../../../lib/cleaning-words';

interface SlotDraft {
  weekday: string;
  startTime: string;
  endTime: string;
  capacity: string;
}

const emptyDraft = (): SlotDraft => ({ weekday: '', startTime: '09:00', endTime: '11:00', capacity: '' });

/** A hostel's slot form: a weekday, a start and end on the university's clock, and an optional capacity. */
function AddSlot({ hostel }: { hostel: HostelAdmin }) {
  const create = useCreateCleaningSlot();
  const [added, setAdded] = useState<string | null>(null);
  const form = useForm<SlotDraft, unknown, CleaningSlotCreate>({
    defaultValues: emptyDraft(),
    resolver: draftResolver(cleaningSlotCreateSchema, (d: SlotDraft) => ({
      hostelId: hostel.id,
      weekday: d.weekday === '' ? Number.NaN : Number(d.weekday),
      startTime: d.startTime,
      endTime: d.endTime,
      capacity: d.capacity.trim() === '' ? null : Number(d.capacity),
    })),
    reValidateMode: 'onChange',
  });
  useWarnIfUnsaved(form.formState.isDirty);
  const submit = form.handleSubmit(async (payload) => {
    try {
      const slot = await create.mutateAsync(payload);
      form.reset(emptyDraft());
      setAdded(i18n._('{hostel} now offers {time}.', { hostel: hostel.name, time: slotWords(slot) }));
    } catch (error) {
      applyServerErrors(form, error);
    }
  });
  return (
    <form
      noValidate
      aria-label={i18n._('Add a weekly cleaning time to {hostel}', { hostel: hostel.name })}
      className="mt-4 space-y-4 border-t border-slate-200 pt-4"
      onSubmit={(event) => {
        setAdded(null);
        void submit(event);
      }}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField control={form.control} name="weekday" label={i18n._('Day')}>
          <option value="">{i18n._('Choose a day')}</option>
          {WEEKDAY_NAMES.map((name, index) => (
            <option key={name} value={String(index + 1)}>
              {weekdayWord(index + 1)}
            </option>
          ))}
        </SelectField>
        <TextField control={form.control} name="capacity" label={i18n._('Rooms at most')} hint={i18n._('Leave empty for no limit.')} inputMode="numeric" autoComplete="off" />
        <TextField control={form.control} name="startTime" label={i18n._('Starts')} type="time" />
        <TextField control={form.control} name="endTime" label={i18n._('Ends')} type="time" />
      </div>
      <FormAlert control={form.control} />
      <Button type="submit" variant="primary" pending={create.isPending} pendingLabel={i18n._('Adding…')}>
        {i18n._('Add time')}
      </Button>
      <StatusMessage message={added} />
    </form>
  );
}

function SlotRow({ slot }: { slot: CleaningSlotAdmin }) {
  const retire = useSetCleaningSlotRetired();
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2">
      <span className={slot.retired ? 'text-slate-600' : 'text-slate-900'}>
        {slotWords(slot)}
        <span className="block text-sm text-slate-600">
          {slot.capacity === null ? i18n._('{booked} booked', { booked: slot.booked }) : i18n._('{booked} booked of {capacity}', { booked: slot.booked, capacity: slot.capacity })}
        </span>
      </span>
      <span className="flex items-center gap-2">
        {slot.retired && <Badge>{i18n._('Retired')}</Badge>}
        <Button
          size="narrow"
          pending={retire.isPending}
          aria-label={slot.retired ? i18n._('Bring back {name}', { name: slotWords(slot) }) : i18n._('Retire {name}', { name: slotWords(slot) })}
          onClick={() => retire.mutate({ id: slot.id, retired: !slot.retired })}
        >
          {slot.retired ? i18n._('Bring back') : i18n._('Retire')}
        </Button>
      </span>
      {retire.isError && (
        <Alert className="w-full">
          <p>{errorMessage(retire.error)}</p>
        </Alert>
      )}
    </li>
  );
}

function HostelSlots({ hostel, slots }: { hostel: HostelAdmin; slots: CleaningSlotAdmin[] }) {
  const headingId = `cleaning-${hostel.id}`;
  return (
    <section aria-labelledby={headingId} className={cn(card, 'mt-6')}>
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {hostel.name}
      </h2>
      {slots.length === 0 ? (
        <p className="mt-2 text-slate-700">{i18n._('No weekly cleaning times yet.')}</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100">
          {slots.map((slot) => (
            <SlotRow key={slot.id} slot={slot} />
          ))}
        </ul>
      )}
      <AddSlot hostel={hostel} />
    </section>
  );
}

/** Route /admin/cleaning: the weekly times each hostel offers for room cleaning. */
export function CleaningSlotsPage() {
  const hostels = useHostels();
  const slots = useCleaningSlots();
  return (
    <section aria-labelledby="cleaning-slots-heading">
      <SectionHeader title={i18n._('Weekly cleaning')} id="cleaning-slots-heading">
        {i18n._("The times each hostel offers for weekly room cleaning, on the university's clock. Students book one for their room; housekeeping sees the day's list. A retired time gets no more visits; its students are asked to book another.")}
      </SectionHeader>
      {hostels.isPending || slots.isPending ? (
        <LoadingStatus label={i18n._('Loading the cleaning times…')} />
      ) : hostels.isError ? (
        <LoadError error={hostels.error} onRetry={() => void hostels.refetch()} />
      ) : slots.isError ? (
        <LoadError error={slots.error} onRetry={() => void slots.refetch()} />
      ) : (
        hostels.data.items
          .filter((h) => !h.retired)
          .map((h) => <HostelSlots key={h.id} hostel={h} slots={slots.data.items.filter((s) => s.hostelId === h.id)} />)
      )}
    </section>
  );
}
