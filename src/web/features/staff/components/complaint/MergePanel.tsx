import { useEffect, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { STATUS_LABELS, isOpenStatus } from '../../../../../shared/constants';
import { mergeBodySchema, type MergeBody, type MergedDuplicate } from '../../../../../shared/staff';
import { Alert } from '../../../../components/ui/Alert';
import { FormAlert } from '../../../../components/ui/FormAlert';
import { TextField } from '../../../../components/ui/FormFields';
import { LoadingStatus } from '../../../../components/ui/LoadingStatus';
import { StatusMessage } from '../../../../components/ui/StatusMessage';
import { Button } from '../../../../components/ui/Button';
import { card, textLink } from '../../../../components/ui/styles';
import { errorMessage } from '../../../../lib/api-client';
import { cn } from '../../../../lib/cn';
import { formatDateTime, formatTime } from '../../../../lib/format';
import { applyServerErrors, draftResolver } from '../../../../lib/form';
import { useMerge, useMergeCandidates, useUnmerge } from '../../api/merge';
import { sectionHeading, type Detail } from './types';
import { i18n } from '../../../../lib/i18n';
import { WithSlots, slot } from '../../../../components/ui/WithSlots';
import { useLocalNames } from '../../../../lib/local-names';

const staffLink = (number: string) => `/staff/complaints/${encodeURIComponent(number)}`;

/** A complaint's number kept on one line inside a sentence. */
const numberSlot = (number: string) => <span className="whitespace-nowrap">{number}</span>;

/** Whether an undo window (as the server gave it: null once closed) is still open, re-rendering when it closes. */
function useStillUndoable(until: string | null): boolean {
  const [closed, setClosed] = useState<string | null>(null);
  useEffect(() => {
    if (!until) return;
    const left = Math.min(Math.max(new Date(until).getTime() - Date.now(), 0), 2 ** 31 - 1);
    const timer = setTimeout(() => setClosed(until), left);
    return () => clearTimeout(timer);
  }, [until]);
  return until !== null && closed !== until;
}

/** Undo of a merge, in place (no dialog), while its window lasts. */
function UndoMerge({ number, until, label, onDone }: { number: string; until: string | null; label: ReactNode; onDone?: (message: ReactNode) => void }) {
  const unmerge = useUnmerge();
  const undoable = useStillUndoable(until);
  if (!undoable || !until) return null;
  return (
    <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-2">
      <Button
        pending={unmerge.isPending}
        onClick={() => unmerge.mutate(number, { onSuccess: () => onDone?.(<WithSlots text={i18n._('Undone: {number} is its own complaint again.', { number: slot('number') })} slots={{ number: numberSlot(number) }} />) })}
      >
        {label}
      </Button>
      <span className="text-sm text-slate-700">{i18n._('until {time}; its student hears nothing if you undo it by then.', { time: formatTime(until) })}</span>
      {unmerge.isError && (
        <Alert className="w-full">
          <p>{errorMessage(unmerge.error)}</p>
        </Alert>
      )}
    </div>
  );
}

const resolver = draftResolver(mergeBodySchema, (draft: { into: string }) => draft);

/** The choice of the complaint this one duplicates: the open ones of its hostel and category, or a number typed. */
function MergeForm({ complaint, onDone }: { complaint: Detail; onDone: (message: ReactNode) => void }) {
  const merge = useMerge(complaint.number);
  const [open, setOpen] = useState(false);
  const candidates = useMergeCandidates({ hostel: complaint.hostel, category: complaint.category }, { enabled: open });
  const form = useForm<{ into: string }, unknown, MergeBody>({ defaultValues: { into: '' }, resolver });
  const names = useLocalNames();
  const others = (candidates.data?.items ?? []).filter((c) => c.number !== complaint.number).slice(0, 5);

  async function mergeInto(payload: MergeBody) {
    try {
      await merge.mutateAsync(payload);
      onDone(
        <WithSlots
          text={i18n._('Merged into {number}. Its student follows it now and is told in a few minutes, unless you undo it.', { number: slot('number') })}
          slots={{ number: numberSlot(payload.into) }}
        />,
      );
    } catch (error) {
      applyServerErrors(form, error);
    }
  }

  return (
    <details className="mt-2" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="flex min-h-11 cursor-pointer items-center font-semibold text-brand-800 underline underline-offset-2">
        {i18n._('Same problem as another complaint?')}
      </summary>
      <p className="mt-1 text-sm text-slate-700">
        {i18n._('Merging makes its student follow the other complaint (they are told once) and closes this one as merged. You can undo it for a few minutes.')}
      </p>
      {candidates.isLoading && <LoadingStatus label={i18n._('Looking for open complaints like it…')} compact />}
      {others.length > 0 && (
        <ul className="mt-2 space-y-2" aria-label={i18n._('Open complaints like it in {hostel}', { hostel: names.hostel(complaint.hostel) })} data-testid="merge-candidates">
          {others.map((c) => (
            <li key={c.number} className="rounded-lg border border-slate-200 p-3">
              <p className="text-sm text-slate-900">
                <Link to={staffLink(c.number)} className={cn(textLink, 'font-mono whitespace-nowrap')}>
                  {c.number}
                </Link>{' '}
                · {c.commonArea ? names.commonArea(c.hostel, c.commonArea) : i18n._('floor {floor}, room {room}', { floor: c.floor, room: c.roomNo })} ·{' '}
                {i18n._(STATUS_LABELS[c.status]).toLowerCase()}
                {c.followerCount > 0 ? ` · ${i18n._('affects {count}', { count: c.followerCount + 1 })}` : ''}
              </p>
              <p className="mt-1 line-clamp-2 text-sm text-slate-700 wrap-anywhere">{c.complaint}</p>
              <Button className="mt-2" disabled={merge.isPending} onClick={() => void mergeInto({ into: c.number })}>
                <WithSlots text={i18n._('Merge into {number}', { number: slot('number') })} slots={{ number: numberSlot(c.number) }} />
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form noValidate className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-start" onSubmit={(event) => void form.handleSubmit(mergeInto)(event)}>
        <TextField
          control={form.control}
          name="into"
          label={i18n._('Or the number of the complaint it duplicates')}
          placeholder="HC-2026-000123"
          autoComplete="off"
          className="min-w-0 flex-1"
          controlClassName="font-mono"
        />
        <Button type="submit" variant="primary" className="sm:mt-7" pending={merge.isPending}>
          {i18n._('Merge')}
        </Button>
      </form>
      <FormAlert control={form.control} className="mt-2" />
    </details>
  );
}

/**
 * Duplicates (decision 36), beside the status actions: a merged complaint says where it went, with
 * Undo while the window lasts; an open one can be merged into the complaint it repeats. The outcome
 * is announced from a region that stays while the panel changes under it.
 */
export function MergePanel({ complaint }: { complaint: Detail }) {
  const [outcome, setOutcome] = useState<ReactNode>(null);
  const into = complaint.mergedInto;
  return (
    <>
      <StatusMessage message={outcome} className="mt-4" data-testid="merge-result" />
      {into ? (
        <section aria-labelledby="merge-heading" className={cn(card, 'mt-6 border-brand-200 bg-brand-50')} data-testid="merge-panel">
          <h2 id="merge-heading" className={sectionHeading}>
            <WithSlots
              text={i18n._('Merged into {number}', { number: slot('number') })}
              slots={{
                number: (
                  <Link to={staffLink(into.number)} className={cn(textLink, 'font-mono whitespace-nowrap')}>
                    {into.number}
                  </Link>
                ),
              }}
            />
          </h2>
          <p className="mt-1 text-slate-700">
            <WithSlots
              text={i18n._('Since {time}. Its student follows {number} and hears of its progress there.', { time: formatDateTime(into.at), number: slot('number') })}
              slots={{ number: numberSlot(into.number) }}
            />
          </p>
          <UndoMerge number={complaint.number} until={into.undoUntil} label={i18n._('Undo the merge')} onDone={setOutcome} />
        </section>
      ) : (
        isOpenStatus(complaint.status) && (
          <section aria-labelledby="merge-heading" className={cn(card, 'mt-6')} data-testid="merge-panel">
            <h2 id="merge-heading" className={sectionHeading}>
              {i18n._('Duplicates')}
            </h2>
            <MergeForm complaint={complaint} onDone={setOutcome} />
          </section>
        )
      )}
    </>
  );
}

/** `hostel`: the complaint's, which a duplicate merged into it shares. */
function Duplicate({ duplicate, hostel }: { duplicate: MergedDuplicate; hostel: string }) {
  const names = useLocalNames();
  const where = duplicate.commonArea
    ? names.commonArea(hostel, duplicate.commonArea)
    : i18n._('floor {floor}, room {room}', { floor: duplicate.floor, room: duplicate.roomNo });
  return (
    <li className="rounded-lg border border-slate-200 bg-white" data-testid="merged-duplicate">
      <details>
        <summary className="flex min-h-11 cursor-pointer flex-wrap items-center gap-x-2 px-3 py-2 text-slate-900">
          <span className="font-mono font-semibold whitespace-nowrap text-brand-800">{duplicate.number}</span>
          <span className="text-sm text-slate-700">
            {i18n._('{student} · {where} · merged {time}', { student: duplicate.student, where, time: formatDateTime(duplicate.mergedAt) })}
          </span>
        </summary>
        <div className="border-t border-slate-200 px-3 py-3">
          <p className="whitespace-pre-line text-slate-900 wrap-anywhere">{duplicate.complaint}</p>
          <ol className="mt-3 space-y-2 border-l-2 border-slate-200 pl-3" aria-label={i18n._('Thread of {number}', { number: duplicate.number })}>
            {duplicate.timeline.map((entry, index) => (
              <li key={`${entry.at}-${index}`} className="text-sm" data-kind={entry.kind}>
                <p className="text-slate-700">
                  {entry.kind === 'reply'
                    ? entry.fromStudent
                      ? i18n._('Reply from the student')
                      : i18n._('Reply to the student')
                    : entry.internal
                      ? i18n._('Internal')
                      : i18n._(STATUS_LABELS[entry.status])}{' '}
                  ·{' '}
                  {entry.by} · <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                </p>
                {entry.note && <p className="whitespace-pre-line text-slate-900 wrap-anywhere">{entry.note}</p>}
              </li>
            ))}
          </ol>
          <div className="mt-2 flex flex-wrap gap-3">
            <Link to={staffLink(duplicate.number)} className={cn(textLink, 'flex min-h-11 items-center')}>
              {i18n._('Open {number}', { number: duplicate.number })}
            </Link>
          </div>
          <UndoMerge number={duplicate.number} until={duplicate.undoUntil} label={<WithSlots text={i18n._('Undo merging {number}', { number: slot('number') })} slots={{ number: numberSlot(duplicate.number) }} />} />
        </div>
      </details>
    </li>
  );
}

/** "Merged duplicates": the complaints merged into this one, each with its own thread to read. */
export function MergedDuplicates({ complaint }: { complaint: Detail }) {
  if (complaint.duplicates.length === 0) return null;
  return (
    <section aria-labelledby="duplicates-heading" className="mt-6" data-testid="merged-duplicates">
      <h2 id="duplicates-heading" className={sectionHeading}>
        {i18n._('Merged duplicates ({count})', { count: complaint.duplicates.length })}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{i18n._('Their students follow this complaint and hear of every change of its status.')}</p>
      <ul className="mt-2 space-y-2">
        {complaint.duplicates.map((duplicate) => (
          <Duplicate key={duplicate.number} duplicate={duplicate} hostel={complaint.hostel} />
        ))}
      </ul>
    </section>
  );
}
