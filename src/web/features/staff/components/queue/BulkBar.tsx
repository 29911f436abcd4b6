import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  BULK_ACTIONS,
  BULK_NOTE_MAX,
  bulkApplies,
  bulkTellsStudents,
  type BulkAction,
  type BulkActionKind,
} from '../../../../../shared/queue';
import type { StaffComplaint } from '../../../../../shared/staff';
import { Alert } from '../../../../components/ui/Alert';
import { Button } from '../../../../components/ui/Button';
import { TextAreaField } from '../../../../components/ui/FormFields';
import { errorMessage } from '../../../../lib/api-client';
import { draftResolver } from '../../../../lib/form';
import { useScheduleBulk } from '../../api/bulk';
import { i18n } from '../../../../lib/i18n';

/** The students a change tells: each complaint's own and those following it. */
const studentsOf = (complaints: readonly StaffComplaint[]) => complaints.reduce((sum, c) => sum + 1 + c.followerCount, 0);

// Each action's sentences are whole messages: every language words them its own way.

/** "Resolve 12 of 14 (2 cannot be resolved)", or "Resolve 14" when all of them can. */
export function offerLabel(action: BulkActionKind, applies: number, chosen: number): string {
  const values = { count: applies, chosen, rest: chosen - applies };
  const all = applies === chosen;
  switch (action) {
    case 'acknowledged':
      return all ? i18n._('Acknowledge {count}', values) : i18n._('Acknowledge {count} of {chosen} ({rest} cannot be acknowledged)', values);
    case 'in_progress':
      return all ? i18n._('Start work on {count}', values) : i18n._('Start work on {count} of {chosen} ({rest} cannot be started)', values);
    case 'resolved':
      return all ? i18n._('Resolve {count}', values) : i18n._('Resolve {count} of {chosen} ({rest} cannot be resolved)', values);
    case 'rejected':
      return all ? i18n._('Reject {count}', values) : i18n._('Reject {count} of {chosen} ({rest} cannot be rejected)', values);
    case 'take':
      return all ? i18n._('Take {count}', values) : i18n._('Take {count} of {chosen} ({rest} cannot be taken)', values);
  }
}

/** "Resolve 12, mail 12 students", or "Take 3: nobody is told". */
export function confirmLabel(action: BulkActionKind, applies: readonly StaffComplaint[]): string {
  const values = { count: applies.length, students: studentsOf(applies) };
  switch (action) {
    case 'acknowledged':
      return i18n._('Acknowledge {count}, mail {students, plural, one {# student} other {# students}}', values);
    case 'in_progress':
      return i18n._('Start work on {count}, mail {students, plural, one {# student} other {# students}}', values);
    case 'resolved':
      return i18n._('Resolve {count}, mail {students, plural, one {# student} other {# students}}', values);
    case 'rejected':
      return i18n._('Reject {count}, mail {students, plural, one {# student} other {# students}}', values);
    case 'take':
      return i18n._('Take {count}: nobody is told', values);
  }
}

/** "2 selected complaints cannot be resolved and stay as they are." */
function leftAsTheyAre(action: BulkActionKind, count: number): string {
  switch (action) {
    case 'acknowledged':
      return i18n._('{count, plural, one {# selected complaint cannot be acknowledged and stays as it is.} other {# selected complaints cannot be acknowledged and stay as they are.}}', { count });
    case 'in_progress':
      return i18n._('{count, plural, one {# selected complaint cannot be started and stays as it is.} other {# selected complaints cannot be started and stay as they are.}}', { count });
    case 'resolved':
      return i18n._('{count, plural, one {# selected complaint cannot be resolved and stays as it is.} other {# selected complaints cannot be resolved and stay as they are.}}', { count });
    case 'rejected':
      return i18n._('{count, plural, one {# selected complaint cannot be rejected and stays as it is.} other {# selected complaints cannot be rejected and stay as they are.}}', { count });
    case 'take':
      return i18n._('{count, plural, one {# selected complaint cannot be taken and stays as it is.} other {# selected complaints cannot be taken and stay as they are.}}', { count });
  }
}

interface NoteDraft {
  note: string;
}

const noteResolver = draftResolver(z.object({ note: z.string().trim() }), (draft: NoteDraft) => draft);
/** A reject tells every student why, so it needs its reason; the other changes' note may stay empty. */
const reasonResolver = draftResolver(
  z.object({ note: z.string().trim().min(1, /*i18n*/ 'Give a reason to reject: every student is told it') }),
  (draft: NoteDraft) => draft,
);

/**
 * What can be done to the selected complaints at once: each action some of them allow (the shared
 * state machine decides), saying how many. Choosing one asks for a confirmation on the page, with
 * the note for the students before the button; then the action waits out its undo window on the
 * server (BulkProgress shows it) and nothing happens before.
 */
export function BulkBar({
  chosen,
  onClear,
  onScheduled,
}: {
  chosen: StaffComplaint[];
  onClear: () => void;
  onScheduled: (action: BulkAction) => void;
}) {
  const schedule = useScheduleBulk();
  const [confirming, setConfirming] = useState<BulkActionKind | null>(null);
  const ids = { note: useId(), heading: useId() };
  const offers = BULK_ACTIONS.map((action) => ({ action, applies: chosen.filter((c) => bulkApplies(action, c.status, c.assignee !== null)) })).filter(
    (offer) => offer.applies.length > 0,
  );
  const offer = offers.find((o) => o.action === confirming);
  const resolver = offer?.action === 'rejected' ? reasonResolver : noteResolver;
  // The note outlives a cancelled confirmation: choosing the action again finds it there.
  const form = useForm<NoteDraft, unknown, NoteDraft>({ defaultValues: { note: '' }, resolver, reValidateMode: 'onChange' });

  const submit = form.handleSubmit(async ({ note }) => {
    if (!offer) return;
    try {
      const scheduled = await schedule.mutateAsync({ action: offer.action, note, numbers: offer.applies.map((c) => c.number) });
      setConfirming(null);
      form.reset({ note: '' });
      onScheduled(scheduled);
      onClear();
    } catch {
      // Shown below.
    }
  });

  return (
    <div
      className="sticky top-0 z-20 mt-3 rounded-xl border border-brand-300 bg-white/95 p-3 shadow-md backdrop-blur"
      data-testid="bulk-bar"
      role="region"
      aria-label={i18n._('Act on the selected complaints')}
    >
      <div className="flex flex-wrap items-center gap-2">
        <p className="mr-auto text-sm font-semibold text-slate-900">{i18n._('{count} selected', { count: chosen.length })}</p>
        <Button size="sm" onClick={onClear}>
          {i18n._('Clear selection')}
        </Button>
      </div>
      {offer ? (
        <form className="mt-2" aria-labelledby={ids.heading} onSubmit={(event) => void submit(event)}>
          <p id={ids.heading} className="font-semibold text-slate-900">
            {i18n._('{action}?', { action: confirmLabel(offer.action, offer.applies) })}
          </p>
          <p className="mt-1 text-sm text-slate-700">
            {offer.applies.length < chosen.length ? `${leftAsTheyAre(offer.action, chosen.length - offer.applies.length)} ` : ''}
            {i18n._('You can undo it for a few seconds; until then nothing changes and nobody is told.')}
          </p>
          {bulkTellsStudents(offer.action) && (
            <TextAreaField
              control={form.control}
              name="note"
              id={ids.note}
              label={offer.action === 'rejected' ? i18n._('Reason for the students (required)') : i18n._('Note for the students (optional)')}
              className="mt-3"
              rows={2}
              maxLength={BULK_NOTE_MAX}
            />
          )}
          <div className="mt-3 flex flex-col gap-2 sm:flex-row">
            <Button type="submit" variant="primary" pending={schedule.isPending}>
              {confirmLabel(offer.action, offer.applies)}
            </Button>
            <Button
              onClick={() => {
                setConfirming(null);
                form.clearErrors();
                schedule.reset();
              }}
            >
              {i18n._('Cancel')}
            </Button>
          </div>
        </form>
      ) : (
        <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          {offers.map(({ action, applies }) => (
            <Button
              key={action}
              variant={action === 'acknowledged' ? 'primary' : 'secondary'}
              onClick={() => {
                setConfirming(action);
                schedule.reset();
              }}
            >
              {offerLabel(action, applies.length, chosen.length)}
            </Button>
          ))}
          {offers.length === 0 && <p className="text-sm text-slate-700">{i18n._('None of these can be changed as they are now.')}</p>}
        </div>
      )}
      {schedule.isError && (
        <Alert className="mt-2">
          <p>{errorMessage(schedule.error)}</p>
        </Alert>
      )}
    </div>
  );
}
