import { STATUS_LABELS } from '../../shared/constants';
import type { ComplaintStatus } from '../../shared/complaints';

const tones: Record<ComplaintStatus, string> = {
  submitted: 'bg-brand-50 text-brand-900 ring-brand-200',
  acknowledged: 'bg-sky-50 text-sky-900 ring-sky-200',
  in_progress: 'bg-amber-50 text-amber-900 ring-amber-200',
  resolved: 'bg-green-50 text-green-900 ring-green-200',
  closed: 'bg-slate-100 text-slate-800 ring-slate-300',
  rejected: 'bg-red-50 text-red-900 ring-red-200',
  reopened: 'bg-purple-50 text-purple-900 ring-purple-200',
};

/** A complaint's status as a small labelled pill. */
export function StatusBadge({ status }: { status: ComplaintStatus }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${tones[status]}`}
    >
      {STATUS_LABELS[status]}
    </span>
  );
}
