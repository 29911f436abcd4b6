import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

export const badgeTones = {
  neutral: 'bg-slate-100 text-slate-800 ring-slate-300',
  info: 'bg-brand-50 text-brand-900 ring-brand-200',
  sky: 'bg-sky-50 text-sky-900 ring-sky-200',
  warning: 'bg-amber-50 text-amber-900 ring-amber-300',
  success: 'bg-green-50 text-green-900 ring-green-200',
  danger: 'bg-red-50 text-red-900 ring-red-200',
  purple: 'bg-purple-50 text-purple-900 ring-purple-200',
} as const;

export type BadgeTone = keyof typeof badgeTones;

interface BadgeProps {
  tone?: BadgeTone;
  className?: string;
  children: ReactNode;
}

/** A small labelled pill: a status, "Retired", "Confidential", "On". Its text says it all (never colour alone). */
export function Badge({ tone = 'neutral', className, children }: BadgeProps) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset',
        badgeTones[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}
