import { useEffect, useState } from 'react';
import type { ComplaintStatus } from '../../../../shared/constants';
import type { TargetUnit } from '../../../../shared/working-time';
import { Badge, type BadgeTone } from '../../../components/ui/Badge';
import { formatDateTime } from '../../../lib/format';
import { dueState, relativeDue, type DueKind } from '../lib/due';
import { i18n, intlLocale } from '../../../lib/i18n';

const TONES: Record<DueKind, BadgeTone> = { overdue: 'danger', soon: 'warning', later: 'neutral' };

/** The time now, moving on every minute, so due badges age while the page stays open. */
export function useNow(everyMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** What a paused clock has left, in hours of its unit ("4 h left", "2 h late"). */
export function clockLeftWords(leftMs: number, unit: TargetUnit): string {
  const hours = Math.round(Math.abs(leftMs) / 3_600_000);
  if (leftMs < 0) return i18n._('{hours} h late', { hours });
  return unit === 'working_hours' ? i18n._('{hours} working h left', { hours }) : i18n._('{hours} h left', { hours });
}

/**
 * "Overdue 3 h" (red), "Due in 5 h" (amber within a day), "Due in 3 d": the words say it, the
 * colour only repeats it; the exact time is in the tooltip and in what screen readers read.
 * "Waiting for the student" while the clock is paused for their answer (issue 44: it has no due
 * time then). Nothing for a complaint that is no longer open.
 */
export function DueBadge({
  dueAt,
  status,
  now,
  className,
  waitingSince = null,
}: {
  dueAt: string;
  status: ComplaintStatus;
  now: number;
  className?: string;
  waitingSince?: string | null;
}) {
  if (waitingSince) {
    return (
      <Badge tone="info" className={className}>
        <span data-due="waiting" title={i18n._('Waiting since {time}', { time: formatDateTime(waitingSince) })}>
          {i18n._('Waiting for the student')}
        </span>
      </Badge>
    );
  }
  const locale = intlLocale();
  const state = dueState(dueAt, status, now, locale);
  if (!state) return null;
  const exact = formatDateTime(dueAt);
  return (
    <Badge tone={TONES[state.kind]} className={className}>
      <time dateTime={dueAt} title={i18n._('Due {time} ({relative})', { time: exact, relative: relativeDue(dueAt, now, locale) })} data-due={state.kind}>
        {state.kind === 'overdue' && (
          <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="mr-1 inline size-3.5 align-[-2px]">
            <path d="M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16m-1 4h2v5H9zm0 6h2v2H9z" />
          </svg>
        )}
        <span aria-hidden="true">{state.short}</span>
        <span className="sr-only">{i18n._('{state}, due {time}', { state: state.long, time: exact })}</span>
      </time>
    </Badge>
  );
}
