import { card } from '../../../../components/ui/styles';
import { cn } from '../../../../lib/cn';
import { formatDateTime } from '../../../../lib/format';
import { Fact } from './Fact';
import { sectionHeading, type Detail } from './types';
import { i18n } from '../../../../lib/i18n';

function Stars({ rating }: { rating: number }) {
  return (
    <span>
      <span aria-hidden="true" className="tracking-widest text-accent-500">
        {'★'.repeat(rating)}
        <span className="text-slate-300">{'★'.repeat(Math.max(0, 5 - rating))}</span>
      </span>{' '}
      {i18n._('{rating} of 5', { rating })}
    </span>
  );
}

/**
 * The facts around the conversation: where it was routed, the times, and the student's rating once
 * given. The message is the thread's first bubble; what, where, the status and who has it are in
 * the header.
 */
export function ComplaintDetails({ complaint, className }: { complaint: Detail; className?: string }) {
  return (
    <section aria-labelledby="details-heading" className={cn(card, 'mt-6', className)}>
      <h2 id="details-heading" className={sectionHeading}>
        {i18n._('Details')}
      </h2>
      <dl data-testid="staff-complaint-details">
        <Fact label={i18n._('Sent to')}>{complaint.toEmail}</Fact>
        <Fact label={i18n._('Filed on')}>
          <time dateTime={complaint.createdAt}>{formatDateTime(complaint.createdAt)}</time>
        </Fact>
        <Fact label={i18n._('Due')}>
          {complaint.waitingSince ? (
            i18n._('Waiting for the student')
          ) : (
            <time dateTime={complaint.dueAt}>{formatDateTime(complaint.dueAt)}</time>
          )}
          {complaint.targetUnit === 'working_hours' && <span className="block text-sm text-slate-600">{i18n._('Counted in working hours')}</span>}
        </Fact>
        <Fact label={i18n._('Last change')}>
          <time dateTime={complaint.updatedAt}>{formatDateTime(complaint.updatedAt)}</time>
        </Fact>
        {complaint.rating !== null && (
          <Fact label={i18n._('Student\'s rating')}>
            <Stars rating={complaint.rating} />
            {complaint.ratingComment && <p className="mt-1 whitespace-pre-line wrap-anywhere">{complaint.ratingComment}</p>}
          </Fact>
        )}
      </dl>
    </section>
  );
}
