import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

const tones = {
  success: 'font-medium text-green-800',
  neutral: 'text-slate-800',
  /** A green panel, for the outcome of a whole page's action. */
  panel: 'rounded-lg border border-green-300 bg-green-50 px-4 py-3 font-medium text-green-950',
} as const;

interface StatusMessageProps {
  /** Nothing is shown while null; the live region stays in the page. */
  message: ReactNode;
  tone?: keyof typeof tones;
  /** Layout classes of the region (e.g. a top margin, applied only while it shows something). */
  className?: string;
  'data-testid'?: string;
}

/**
 * A polite live region (role="status") that is always in the page, so a confirmation ("Saved the
 * changes …") is read out when it appears. Empty, it takes no room.
 */
export function StatusMessage({ message, tone = 'success', className, ...rest }: StatusMessageProps) {
  return (
    <div role="status" className={cn('empty:hidden', className)} data-testid={rest['data-testid']}>
      {message !== null && message !== undefined && message !== false && <p className={tones[tone]}>{message}</p>}
    </div>
  );
}
