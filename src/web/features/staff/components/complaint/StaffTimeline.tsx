import { STATUS_LABELS } from '../../../../../shared/constants';
import { ComplaintTimeline } from '../../../../components/ComplaintTimeline';
import { Badge } from '../../../../components/ui/Badge';
import type { Detail, TimelineEntry } from './types';

function entryTitle(entry: TimelineEntry): string {
  if (entry.kind === 'reply') return 'Reply to the student';
  if (entry.kind === 'note') return 'Internal note — the student never sees this';
  if (entry.kind === 'assignment') return 'Assignment';
  if (entry.fromStatus && entry.fromStatus !== entry.status) {
    return `${STATUS_LABELS[entry.fromStatus]} → ${STATUS_LABELS[entry.status]}`;
  }
  return STATUS_LABELS[entry.status];
}

/** Every change, reply and internal note, oldest first; internal notes stand out. */
export function StaffTimeline({ complaint }: { complaint: Detail }) {
  return (
    <ComplaintTimeline
      data-testid="staff-timeline"
      items={complaint.timeline.map((entry, index) => ({
        key: `${entry.at}-${index}`,
        kind: entry.kind,
        tone: entry.kind === 'note' ? 'note' : 'plain',
        title:
          entry.kind === 'note' ? (
            <>
              <Badge tone="warning" className="mr-2 bg-amber-200 font-bold text-amber-950 uppercase">
                Internal
              </Badge>
              {entryTitle(entry)}
            </>
          ) : (
            entryTitle(entry)
          ),
        at: entry.at,
        by: entry.by,
        note: entry.note,
      }))}
    />
  );
}
