import { STATUS_LABELS } from '../../../../../shared/constants';
import { ComplaintTimeline } from '../../../../components/ComplaintTimeline';
import { Badge } from '../../../../components/ui/Badge';
import type { Detail, TimelineEntry } from './types';

function entryTitle(entry: TimelineEntry): string {
  const how = entry.byMail ? ' (by e-mail)' : '';
  if (entry.kind === 'reply') return entry.fromStudent ? `Reply from the student${how}` : `Reply to the student${how}`;
  if (entry.kind === 'note') return 'Internal note — the student never sees this';
  if (entry.kind === 'assignment') return 'Assignment';
  if (entry.fromStatus && entry.fromStatus !== entry.status) {
    return `${STATUS_LABELS[entry.fromStatus]} → ${STATUS_LABELS[entry.status]}`;
  }
  return STATUS_LABELS[entry.status];
}

/** The one conversation with the student (their replies and the team's), changes and internal notes, oldest first; notes stand out. */
export function StaffTimeline({ complaint }: { complaint: Detail }) {
  return (
    <ComplaintTimeline
      data-testid="staff-timeline"
      items={complaint.timeline.map((entry, index) => ({
        key: `${entry.at}-${index}`,
        kind: entry.kind,
        tone: entry.kind === 'note' ? 'note' : entry.kind === 'reply' ? 'reply' : 'plain',
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
