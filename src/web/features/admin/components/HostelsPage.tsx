import { useState } from 'react';
import type { FormEvent } from 'react';
import { hostelCreateSchema, hostelUpdateSchema, type HostelAdmin } from '../../../../shared/admin';
import { formatRanges } from '../../../../shared/catalog';
import { Field } from '../../../components/ui/Field';
import { LoadingStatus } from '../../../components/ui/LoadingStatus';
import { buttonPrimary, buttonSecondary, card, fieldControl, fieldError } from '../../../components/ui/styles';
import { useCreateHostel } from '../api/create-hostel';
import { useHostels } from '../api/get-hostels';
import { useUpdateHostel } from '../api/update-hostel';
import { checkFailure, describeFailure, problemAt, problemsFromIssues, rowKey, toNumber, type Problems } from '../lib/problems';
import { useCardNotes, useFocusWhenMoved, type CardNote } from '../lib/card-notes';
import { Badge, FormAlert, LoadError, SavedStatus, SectionHeader } from './common';
import { ListEditor } from './ListEditor';

interface RangeRow {
  key: number;
  from: string;
  to: string;
}

interface PlaceDraft {
  floorMin: string;
  floorMax: string;
  ranges: RangeRow[];
}

const SHOWN = ['name', 'floorMin', 'floorMax', 'roomRanges'];

const placeValue = (draft: PlaceDraft) => ({
  floorMin: toNumber(draft.floorMin),
  floorMax: toNumber(draft.floorMax),
  roomRanges: draft.ranges.map((r) => ({ from: toNumber(r.from), to: toNumber(r.to) })),
});

const placeDraft = (h: Pick<HostelAdmin, 'floorMin' | 'floorMax' | 'roomRanges'>): PlaceDraft => ({
  floorMin: String(h.floorMin),
  floorMax: String(h.floorMax),
  ranges: h.roomRanges.map((r) => ({ key: rowKey(), from: String(r.from), to: String(r.to) })),
});

const floorsLabel = (h: Pick<HostelAdmin, 'floorMin' | 'floorMax'>) =>
  h.floorMin === h.floorMax ? `Floor ${h.floorMin}` : `Floors ${h.floorMin}–${h.floorMax}`;

/** Lowest and top floor, and the room ranges: the same controls for adding and for editing. */
function PlaceFields({ idPrefix, draft, onChange, problems }: { idPrefix: string; draft: PlaceDraft; onChange: (d: PlaceDraft) => void; problems: Problems }) {
  const number = (id: string, label: string, value: string, error: string | undefined, set: (v: string) => void) => (
    <Field id={id} label={label} error={error}>
      {(control) => (
        <input
          {...control}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          className={fieldControl}
          value={value}
          onChange={(event) => set(event.target.value)}
        />
      )}
    </Field>
  );
  return (
    <>
      <div className="grid grid-cols-2 gap-4">
        {number(`${idPrefix}-floor-min`, 'Lowest floor', draft.floorMin, problems.floorMin, (floorMin) => onChange({ ...draft, floorMin }))}
        {number(`${idPrefix}-floor-max`, 'Top floor', draft.floorMax, problems.floorMax, (floorMax) => onChange({ ...draft, floorMax }))}
      </div>
      <ListEditor
        idPrefix={`${idPrefix}-ranges`}
        legend="Room numbers"
        hint="The room numbers a student may give, as one or more ranges that do not overlap (e.g. 1 to 40 and 101 to 140)."
        rows={draft.ranges}
        onChange={(ranges) => onChange({ ...draft, ranges })}
        newRow={() => ({ key: rowKey(), from: '', to: '' })}
        addLabel="Add a room range"
        rowName={(index) => `room range ${index + 1}`}
        error={problems.roomRanges}
        renderRow={(row, index, update) => {
          const id = `${idPrefix}-range-${row.key}`;
          const path = `roomRanges.${index}`;
          return (
            <div className="grid grid-cols-2 gap-3">
              {number(`${id}-from`, `From room (range ${index + 1})`, row.from, problemAt(problems, `${path}.from`), (from) => update({ from }))}
              {number(`${id}-to`, `To room (range ${index + 1})`, row.to, problemAt(problems, `${path}.to`), (to) => update({ to }))}
            </div>
          );
        }}
      />
    </>
  );
}

function AddHostelForm() {
  const create = useCreateHostel();
  const [name, setName] = useState('');
  const [place, setPlace] = useState<PlaceDraft>(() => ({ floorMin: '0', floorMax: '', ranges: [{ key: rowKey(), from: '', to: '' }] }));
  const [problems, setProblems] = useState<Problems>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [added, setAdded] = useState<string | null>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setAlert(null);
    setAdded(null);
    const parsed = hostelCreateSchema.safeParse({ name, ...placeValue(place) });
    if (!parsed.success) {
      const failure = checkFailure(problemsFromIssues(parsed.error.issues), SHOWN);
      setProblems(failure.problems);
      setAlert(failure.message);
      return;
    }
    setProblems({});
    try {
      const hostel = await create.mutateAsync(parsed.data);
      setAdded(`${hostel.name} is added.`);
      setName('');
      setPlace({ floorMin: '0', floorMax: '', ranges: [{ key: rowKey(), from: '', to: '' }] });
    } catch (error) {
      const failure = describeFailure(error, SHOWN);
      setProblems(failure.problems);
      setAlert(failure.message);
    }
  }

  return (
    <section aria-labelledby="add-hostel-heading" className={`${card} mt-6`}>
      <h2 id="add-hostel-heading" className="text-lg font-semibold text-slate-900">
        Add a hostel
      </h2>
      <form noValidate className="mt-4 space-y-4" onSubmit={(event) => void handleSubmit(event)}>
        <Field id="new-hostel-name" label="Name" hint="Students choose it in every form. It cannot be changed later." error={problems.name}>
          {(control) => (
            <input
              {...control}
              type="text"
              autoComplete="off"
              maxLength={60}
              className={fieldControl}
              value={name}
              onChange={(event) => setName(event.target.value)}
            />
          )}
        </Field>
        <PlaceFields idPrefix="new-hostel" draft={place} onChange={setPlace} problems={problems} />
        <FormAlert message={alert} />
        <button type="submit" className={buttonPrimary} disabled={create.isPending}>
          {create.isPending ? 'Adding…' : 'Add hostel'}
        </button>
      </form>
      <SavedStatus message={added} className="mt-3" />
    </section>
  );
}

function EditHostelForm({ hostel, onDone }: { hostel: HostelAdmin; onDone: (message: string) => void }) {
  const update = useUpdateHostel(hostel.id);
  const [place, setPlace] = useState<PlaceDraft>(() => placeDraft(hostel));
  const [problems, setProblems] = useState<Problems>({});
  const [alert, setAlert] = useState<string | null>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setAlert(null);
    const parsed = hostelUpdateSchema.safeParse({ ...placeValue(place), retired: hostel.retired });
    if (!parsed.success) {
      const failure = checkFailure(problemsFromIssues(parsed.error.issues), SHOWN);
      setProblems(failure.problems);
      setAlert(failure.message);
      return;
    }
    setProblems({});
    try {
      await update.mutateAsync(parsed.data);
      onDone(`Saved the changes to ${hostel.name}.`);
    } catch (error) {
      const failure = describeFailure(error, SHOWN);
      setProblems(failure.problems);
      setAlert(failure.message);
    }
  }

  return (
    <form
      noValidate
      aria-label={`Edit ${hostel.name}`}
      className="mt-4 space-y-4 border-t border-slate-200 pt-4"
      onSubmit={(event) => void handleSubmit(event)}
    >
      <p className="text-sm text-slate-700">
        The name cannot be changed: complaints already filed keep it. To rename a hostel, add one with the new name and
        retire this one.
      </p>
      <PlaceFields idPrefix={`hostel-${hostel.id}`} draft={place} onChange={setPlace} problems={problems} />
      <FormAlert message={alert} />
      <button type="submit" className={buttonPrimary} disabled={update.isPending}>
        {update.isPending ? 'Saving…' : 'Save changes'}
      </button>
    </form>
  );
}

interface HostelCardProps extends CardNote {
  hostel: HostelAdmin;
}

function HostelCard({ hostel, message, onMessage, moved, onMoved }: HostelCardProps) {
  const update = useUpdateHostel(hostel.id);
  const [editing, setEditing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const toggle = useFocusWhenMoved(moved);
  const formId = `hostel-${hostel.id}-form`;

  async function toggleRetired() {
    onMessage(null);
    setProblem(null);
    const { floorMin, floorMax, roomRanges } = hostel;
    try {
      await update.mutateAsync({ floorMin, floorMax, roomRanges, retired: !hostel.retired });
      onMessage(hostel.retired ? `${hostel.name} is back in the forms.` : `${hostel.name} is retired: students can no longer choose it.`);
      onMoved();
    } catch (error) {
      setProblem(describeFailure(error, []).message);
    }
  }

  return (
    <li className={card} data-testid="hostel">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
            <span className="break-words">{hostel.name}</span>
            {hostel.retired && <Badge tone="warning">Retired</Badge>}
          </h3>
          <p className="text-sm text-slate-700">
            {floorsLabel(hostel)} · rooms {formatRanges(hostel.roomRanges)} · {hostel.complaints}{' '}
            {hostel.complaints === 1 ? 'complaint' : 'complaints'}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {!hostel.retired && (
            <button
              type="button"
              className={buttonSecondary}
              aria-expanded={editing}
              aria-controls={editing ? formId : undefined}
              onClick={() => {
                setEditing(!editing);
                onMessage(null);
              }}
            >
              {editing ? 'Close' : 'Edit'} <span className="sr-only">{hostel.name}</span>
            </button>
          )}
          <button ref={toggle} type="button" className={buttonSecondary} disabled={update.isPending} onClick={() => void toggleRetired()}>
            {hostel.retired ? 'Bring back' : 'Retire'} <span className="sr-only">{hostel.name}</span>
          </button>
        </div>
      </div>
      <SavedStatus message={message} className="mt-3" />
      {problem && <p className={fieldError}>{problem}</p>}
      {editing && (
        <div id={formId}>
          <EditHostelForm
            hostel={hostel}
            onDone={(done) => {
              onMessage(done);
              setEditing(false);
            }}
          />
        </div>
      )}
    </li>
  );
}

/** Route /admin/hostels: the hostels students choose from, their floors and rooms. */
export function HostelsPage() {
  const hostels = useHostels();
  const notes = useCardNotes();
  const active = hostels.data?.items.filter((h) => !h.retired) ?? [];
  const retired = hostels.data?.items.filter((h) => h.retired) ?? [];
  const card = (h: HostelAdmin) => (
    <HostelCard
      key={h.id}
      hostel={h}
      {...notes(h.id)}
    />
  );

  return (
    <section aria-labelledby="hostels-heading">
      <SectionHeader title="Hostels" id="hostels-heading">
        The hostels students choose in every form, with the floors and room numbers a complaint may give. A retired hostel
        leaves the forms; its complaints stay.
      </SectionHeader>
      <AddHostelForm />
      {hostels.isPending ? (
        <LoadingStatus label="Loading the hostels…" />
      ) : hostels.isError ? (
        <LoadError error={hostels.error} onRetry={() => void hostels.refetch()} />
      ) : (
        <>
          <section aria-labelledby="active-hostels-heading" className="mt-8">
            <h2 id="active-hostels-heading" className="text-xl font-semibold text-slate-900">
              In use ({active.length})
            </h2>
            {active.length === 0 ? (
              <p className={`${card} mt-3 text-slate-800`}>No hostel is in use: students cannot file complaints until one is added.</p>
            ) : (
              <ul className="mt-3 grid gap-3" aria-label="Hostels in use">
                {active.map(card)}
              </ul>
            )}
          </section>
          {retired.length > 0 && (
            <section aria-labelledby="retired-hostels-heading" className="mt-8">
              <h2 id="retired-hostels-heading" className="text-xl font-semibold text-slate-900">
                Retired ({retired.length})
              </h2>
              <ul className="mt-3 grid gap-3" aria-label="Retired hostels">
                {retired.map(card)}
              </ul>
            </section>
          )}
        </>
      )}
    </section>
  );
}
