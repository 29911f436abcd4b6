import { i18n } from '../../lib/i18n';

interface LoadingStatusProps {
  /** Read by screen readers and shown next to the spinner. */
  label?: string;
  /** Little room above and below (inside a card), instead of a page's worth. */
  compact?: boolean;
  /** Layout classes (margins, width). Part of the first download: joined, not merged (see lib/cn.ts). */
  className?: string;
}

/** An accessible "busy" indicator (role="status"). */
export function LoadingStatus({ label = i18n._('Loading…'), compact = false, className = '' }: LoadingStatusProps) {
  return (
    <div role="status" className={`flex items-center gap-3 ${compact ? 'py-2' : 'py-8'} text-slate-700 ${className}`}>
      <span
        aria-hidden="true"
        className="size-5 shrink-0 animate-spin rounded-full border-2 border-brand-200 border-t-brand-700"
      />
      <span>{label}</span>
    </div>
  );
}
