import type { ReactNode } from 'react';
import { i18n } from '../../lib/i18n';

interface AlertProps {
  children: ReactNode;
  tone?: 'error' | 'info';
  /** When given, a "Dismiss" button is shown. */
  onDismiss?: () => void;
  /** Layout classes (margins). Part of the first download: joined, not merged (see lib/cn.ts). */
  className?: string;
  'data-testid'?: string;
}

const tones = {
  error: 'border-red-300 bg-red-50 text-red-900',
  info: 'border-brand-200 bg-brand-50 text-brand-950',
} as const;

/** An inline message announced immediately by screen readers (role="alert"). */
export function Alert({ children, tone = 'error', onDismiss, className = '', ...rest }: AlertProps) {
  return (
    <div
      role="alert"
      data-testid={rest['data-testid']}
      className={`flex items-start gap-3 rounded-lg border px-4 py-3 ${tones[tone]} ${className}`}
    >
      <div className="min-w-0 flex-1 pt-0.5">{children}</div>
      {onDismiss && (
        <button
          type="button"
          onClick={onDismiss}
          className="-my-1 -mr-2 inline-flex size-9 shrink-0 items-center justify-center rounded-md hover:bg-black/5"
        >
          <span className="sr-only">{i18n._('Dismiss')}</span>
          <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="currentColor">
            <path d="M5.3 4.3a1 1 0 0 0-1.4 1.4L8.6 10l-4.7 4.3a1 1 0 1 0 1.4 1.4L10 11.4l4.3 4.3a1 1 0 0 0 1.4-1.4L11.4 10l4.3-4.3a1 1 0 0 0-1.4-1.4L10 8.6z" />
          </svg>
        </button>
      )}
    </div>
  );
}
