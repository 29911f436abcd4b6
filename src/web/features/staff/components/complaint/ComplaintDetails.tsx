import { ComplaintFacts, DetailRow } from '../../../../components/ComplaintFacts';
import { card } from '../../../../components/ui/styles';
import { cn } from '../../../../lib/cn';
import { formatDateTime } from '../../../../lib/format';
import { DueBadge, useNow } from '../DueBadge';
import type { Detail } from './types';

function Stars({ rating }: { rating: number }) {
  return (
    <span>
      <span aria-hidden="true" className="tracking-widest text-accent-500">
        {'★'.repeat(rating)}
        <span className="text-slate-300">{'★'.repeat(Math.max(0, 5 - rating))}</span>
      </span>{' '}
      {rating} of 5
    </span>
  );
}

/** The complaint's facts, who works it, and the student's rating once given. */
export function ComplaintDetails({ complaint, className }: { complaint: Detail; className?: string }) {
  const now = useNow();
  return (
    <div className={cn(card, 'mt-6', className)}>
      <dl data-testid="staff-complaint-details">
        <ComplaintFacts complaint={complaint}>
          <DetailRow label="Due">
            <span className="flex flex-wrap items-center gap-2" data-testid="staff-due">
              <time dateTime={complaint.dueAt}>{formatDateTime(complaint.dueAt)}</time>
              <DueBadge dueAt={complaint.dueAt} status={complaint.status} now={now} />
            </span>
          </DetailRow>
          <DetailRow label="Student">{complaint.studentName}</DetailRow>
          <DetailRow label="Assigned to">{complaint.assignee?.name ?? 'Nobody'}</DetailRow>
          <DetailRow label="Last change">
            <time dateTime={complaint.updatedAt}>{formatDateTime(complaint.updatedAt)}</time>
          </DetailRow>
          {complaint.rating !== null && (
            <DetailRow label="Student's rating">
              <Stars rating={complaint.rating} />
              {complaint.ratingComment && <p className="mt-1 whitespace-pre-line wrap-anywhere">{complaint.ratingComment}</p>}
            </DetailRow>
          )}
        </ComplaintFacts>
      </dl>
    </div>
  );
}
