import { STATUS_LABELS } from '../../shared/constants';
import type { ComplaintStatus } from '../../shared/complaints';
import { i18n } from '../lib/i18n';
import { Badge, type BadgeTone } from './ui/Badge';

// A status added to src/shared/constants.ts shows as neutral until it is given a colour here.
const tones: Partial<Record<ComplaintStatus, BadgeTone>> = {
  submitted: 'info',
  acknowledged: 'sky',
  in_progress: 'warning',
  resolved: 'success',
  closed: 'neutral',
  rejected: 'danger',
  reopened: 'purple',
};

/** A complaint's status as a small labelled pill. */
export function StatusBadge({ status }: { status: ComplaintStatus }) {
  return (
    <Badge tone={tones[status] ?? 'neutral'} className="px-2.5 whitespace-nowrap">
      {i18n._(STATUS_LABELS[status])}
    </Badge>
  );
}
