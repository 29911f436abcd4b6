import { useEffect, useState } from 'react';
import type { CleaningBooking } from '../../../../shared/cleaning-schedule';
import { Alert } from '../../../components/ui/Alert';
import { Badge } from '../../../components/ui/Badge';
import { StatusMessage } from '../../../components/ui/StatusMessage';
import { Button } from '../../../components/ui/Button';
import { card } from '../../../components/ui/styles';
import { errorMessage } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n';
import { useLocalPlaceNames } from '../../../lib/local-names';
import { useCancelBooking } from '../api/cancel-booking';
import { useRestoreBooking } from '../api/restore-booking';
import { useSkipWeek } from '../api/skip-week';
import { useUnskipWeek } from '../api/unskip-week';
import { dayWords, slotWords } from '../../../lib/cleaning-words';

/** True until `until` (an ISO instant) passes; re-renders when it does. */
function useBefore(until: string | null): boolean {
  const end = until ? new Date(until).getTime() : 0;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!end || now >= end) return;
    const timer = window.setTimeout(() => setNow(Date.now()), Math.min(end - now + 50, 60_000));
    return () => window.clearTimeout(timer);
  }, [end, now]);
  return end > now;
}

/** One weekly booking: when, the coming weeks (each can be skipped), what the staff marked, and cancelling with Undo. */
export function BookingCard({ booking }: { booking: CleaningBooking }) {
  const skip = useSkipWeek();
  const unskip = useUnskipWeek();
  const cancel = useCancelBooking();
  const restore = useRestoreBooking();
  const [confirming, setConfirming] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const canUndo = useBefore(booking.undoUntil);
  const failed = [skip, unskip, cancel, restore].find((m) => m.isError);
  const busy = skip.isPending || unskip.isPending || cancel.isPending || restore.isPending;
  const headingId = `booking-${booking.id}`;
  const { hostelName } = useLocalPlaceNames();

  return (
    <li className={card} aria-labelledby={headingId} data-testid="cleaning-booking">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={headingId} className="text-base font-semibold text-slate-900" data-testid="booking-summary">
          {slotWords(booking)}
          {booking.next && <span className="font-normal text-slate-700"> · {i18n._('next: {when}', { when: dayWords(booking.next.on) })}</span>}
        </h3>
        {booking.cancelled && <Badge tone="neutral">{i18n._('Cancelled')}</Badge>}
        {!booking.cancelled && booking.slotRetired && <Badge tone="warning">{i18n._('No longer offered')}</Badge>}
      </div>
      <p className="mt-1 text-sm text-slate-700">
        {i18n._('Room {roomNo}, {hostel} (floor {floor})', { roomNo: booking.roomNo, hostel: hostelName(booking.hostel), floor: booking.floor })}
      </p>

      {booking.recent.length > 0 && (
        <ul className="mt-3 space-y-1 text-sm" aria-label={i18n._('What housekeeping marked')}>
          {booking.recent.map((week) => (
            <li key={week.on} className="wrap-anywhere">
              {week.visit?.outcome === 'done' ? (
                <span className="text-green-900">{i18n._('{week}: cleaned', { week: dayWords(week.on) })}</span>
              ) : (
                <span className="text-red-900">{i18n._('{week}: not possible — {reason}', { week: dayWords(week.on), reason: week.visit?.reason ?? '' })}</span>
              )}
            </li>
          ))}
        </ul>
      )}

      {booking.slotRetired && !booking.cancelled && (
        <p className="mt-3 text-sm text-slate-800">{i18n._('The hostel no longer offers this time. Cancel it and book another one.')}</p>
      )}

      {booking.weeks.length > 0 && (
        <div className="mt-4">
          <h4 className="text-sm font-semibold text-slate-900">{i18n._('Coming weeks')}</h4>
          <ul className="mt-2 divide-y divide-slate-100">
            {booking.weeks.map((week) => (
              <li key={week.on} className="flex flex-wrap items-center justify-between gap-2 py-1">
                <span className={week.skipped ? 'text-slate-600 line-through' : 'text-slate-900'}>
                  {dayWords(week.on)}
                  {week.skipped && <span className="sr-only"> {i18n._('(skipped)')}</span>}
                </span>
                {week.visit ? (
                  <Badge tone={week.visit.outcome === 'done' ? 'success' : 'danger'}>
                    {week.visit.outcome === 'done' ? i18n._('Cleaned') : i18n._('Not possible')}
                  </Badge>
                ) : week.skipped ? (
                  <Button
                    size="narrow"
                    disabled={busy}
                    pending={unskip.isPending && unskip.variables.on === week.on}
                    aria-label={i18n._('Undo skipping {week}', { week: dayWords(week.on) })}
                    onClick={() =>
                      unskip.mutate({ id: booking.id, on: week.on }, { onSuccess: () => setStatus(i18n._('{week} will be cleaned.', { week: dayWords(week.on) })) })
                    }
                  >
                    {i18n._('Undo skip')}
                  </Button>
                ) : (
                  <Button
                    size="narrow"
                    disabled={busy}
                    pending={skip.isPending && skip.variables.on === week.on}
                    aria-label={i18n._('Skip {week}', { week: dayWords(week.on) })}
                    onClick={() => skip.mutate({ id: booking.id, on: week.on }, { onSuccess: () => setStatus(i18n._('{week} is skipped.', { week: dayWords(week.on) })) })}
                  >
                    {i18n._('Skip this week')}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}

      {failed && (
        <Alert className="mt-3">
          <p>{errorMessage(failed.error)}</p>
        </Alert>
      )}

      {booking.cancelled ? (
        canUndo && (
          <div className="mt-4 flex flex-wrap items-center gap-3">
            <p className="text-slate-800">{i18n._('Weekly cleaning cancelled.')}</p>
            <Button
              disabled={busy}
              pending={restore.isPending}
              onClick={() => restore.mutate(booking.id, { onSuccess: () => setStatus(i18n._('Your weekly cleaning is back.')) })}
            >
              {i18n._('Undo')}
            </Button>
          </div>
        )
      ) : confirming ? (
        <div role="group" aria-labelledby={`${headingId}-cancel`} className="mt-4 rounded-lg border border-red-200 bg-red-50 p-4">
          <p id={`${headingId}-cancel`} className="font-medium text-red-950">
            {i18n._('Stop the weekly cleaning of room {roomNo}?', { roomNo: booking.roomNo })}
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button
              variant="primary"
              disabled={busy}
              pending={cancel.isPending}
              pendingLabel={i18n._('Cancelling…')}
              onClick={() =>
                cancel.mutate(booking.id, {
                  onSuccess: () => {
                    setConfirming(false);
                    setStatus(null);
                  },
                })
              }
            >
              {i18n._('Yes, cancel it')}
            </Button>
            <Button disabled={busy} onClick={() => setConfirming(false)}>
              {i18n._('Keep it')}
            </Button>
          </div>
        </div>
      ) : (
        <Button className="mt-4" onClick={() => setConfirming(true)}>
          {i18n._('Cancel weekly cleaning')}
        </Button>
      )}
      <StatusMessage message={status} className="mt-3" />
    </li>
  );
}
