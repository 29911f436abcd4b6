import { Link } from 'react-router';
import { i18n } from '../../lib/i18n';
import { textLink } from './styles';
import { slot, WithSlots } from './WithSlots';

interface ConfirmationCardProps {
  /** The complaint to confirm; nothing is shown while null (the live region stays in place). */
  number: string | null;
  title: string;
  message?: string;
  /** What was filed: a complaint (the default) or a request (room cleaning, laundry). */
  noun?: 'complaint' | 'request';
}

/**
 * A polite live region (role="status") that shows a green confirmation card with the complaint's
 * number and a link to it. The region is always rendered so screen readers announce the card.
 */
export function ConfirmationCard({ number, title, message, noun = 'complaint' }: ConfirmationCardProps) {
  return (
    <div role="status" className="empty:hidden" data-testid="confirmation">
      {number !== null && (
        <div className="flex gap-3 rounded-xl border border-green-300 bg-green-50 p-4 text-green-950 shadow-sm">
          <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="mt-0.5 size-6 shrink-0 text-green-700">
            <path d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16m3.7-9.3-4 4a1 1 0 0 1-1.4 0l-2-2a1 1 0 1 1 1.4-1.4L9 10.6l3.3-3.3a1 1 0 0 1 1.4 1.4" />
          </svg>
          <div className="min-w-0 space-y-1">
            <p className="font-semibold">{title}</p>
            {message && <p>{message}</p>}
            <p>
              <WithSlots
                text={
                  noun === 'request'
                    ? i18n._('Request number {number}', { number: slot('number') })
                    : i18n._('Complaint number {number}', { number: slot('number') })
                }
                slots={{ number: <strong className="font-mono">{number}</strong> }}
              />
            </p>
            <p>
              <Link to={`/my/${encodeURIComponent(number)}`} className={textLink}>
                {noun === 'request' ? i18n._('Follow request {number}', { number }) : i18n._('Follow complaint {number}', { number })}
              </Link>
            </p>
          </div>
        </div>
      )}
    </div>
  );
}
