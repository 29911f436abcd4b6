import type { ReactNode } from 'react';
import { Alert } from '../../../components/ui/Alert';
import { buttonSecondary } from '../../../components/ui/styles';
import { errorMessage } from '../../../lib/api-client';

/** The heading and document title of one console section. */
export function SectionHeader({ title, id, children }: { title: string; id: string; children?: ReactNode }) {
  return (
    <>
      <title>{`${title} · Admin · Hostel Complaint Portal`}</title>
      <h1 id={id} className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        {title}
      </h1>
      {children && <div className="mt-2 max-w-prose text-slate-700">{children}</div>}
    </>
  );
}

/** A failed read, with a way to try again. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div className="mt-6 space-y-4">
      <Alert>
        <p>{errorMessage(error)}</p>
      </Alert>
      <button type="button" className={buttonSecondary} onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

/**
 * A polite live region that is always in the page, so the confirmation of a save is read out
 * when it appears.
 */
export function SavedStatus({ message, className = '' }: { message: string | null; className?: string }) {
  return (
    <div role="status" className={`empty:hidden ${className}`}>
      {message && <p className="font-medium text-green-800">{message}</p>}
    </div>
  );
}

export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert>
      <p>{message}</p>
    </Alert>
  );
}

const badgeTones = {
  neutral: 'bg-slate-100 text-slate-800 ring-slate-300',
  warning: 'bg-amber-50 text-amber-900 ring-amber-300',
  danger: 'bg-red-50 text-red-900 ring-red-200',
  success: 'bg-green-50 text-green-900 ring-green-200',
  info: 'bg-brand-50 text-brand-900 ring-brand-200',
} as const;

export function Badge({ tone = 'neutral', children }: { tone?: keyof typeof badgeTones; children: ReactNode }) {
  return (
    <span className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${badgeTones[tone]}`}>
      {children}
    </span>
  );
}
