import type { ReactNode } from 'react';
import type { Complaint } from '../../shared/complaints';
import { PLACE_KIND_LABELS } from '../../shared/ragging';
import { formatDateTime } from '../lib/format';
import { i18n } from '../lib/i18n';
import { useLocalPlaceNames } from '../lib/local-names';
import { StatusBadge } from './StatusBadge';

/** One labelled fact in a definition list: label above on phones, beside it on wider screens. */
export function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 border-b border-slate-100 py-3 last:border-b-0 sm:grid-cols-[10rem_1fr] sm:gap-4">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="min-w-0 wrap-anywhere text-slate-900">{children}</dd>
    </div>
  );
}

/** Where a ragging report says it happened, in words: "In a hostel: Block-2, floor 3 corridor". */
export const reportedPlaceText = (place: NonNullable<Complaint['reportedPlace']>) => `${i18n._(PLACE_KIND_LABELS[place.kind])}: ${place.text}`;

/**
 * The facts of a complaint as filed, the same for the student and the staff; `children` adds
 * rows after them (assignment, rating, …).
 */
export function ComplaintFacts({
  complaint,
  children,
  showRecipient = true,
}: {
  complaint: Complaint;
  children?: ReactNode;
  /** The facility address it was routed to: the team's business, not shown to the student. */
  showRecipient?: boolean;
}) {
  const { hostelName, commonAreaName } = useLocalPlaceNames();
  return (
    <>
      <DetailRow label={i18n._('Complaint number')}>
        <span className="font-mono">{complaint.number}</span>
      </DetailRow>
      <DetailRow label={i18n._('Category')}>{complaint.complaintHead}</DetailRow>
      <DetailRow label={i18n._('Sub-category')}>{complaint.subCategory || '—'}</DetailRow>
      <DetailRow label={i18n._('Hostel')}>{hostelName(complaint.hostel)}</DetailRow>
      {/* A common area's name says its floor (decision 45). */}
      {complaint.commonArea && <DetailRow label={i18n._('Place')}>{commonAreaName(complaint.hostel, complaint.commonArea)}</DetailRow>}
      {/* A ragging report says where it happened (decision 40). */}
      {complaint.reportedPlace && (
        <DetailRow label={i18n._('Where it happened')}>{reportedPlaceText(complaint.reportedPlace)}</DetailRow>
      )}
      {/* A ragging report may leave the reporter's room out (decision 40), and its floor with it. */}
      {complaint.roomNo && (
        <>
          <DetailRow label={i18n._('Floor')}>{complaint.floor}</DetailRow>
          <DetailRow label={i18n._('Room number')}>{complaint.roomNo}</DetailRow>
        </>
      )}
      <DetailRow label={i18n._('Message')}>
        <span className="whitespace-pre-line">{complaint.complaint}</span>
      </DetailRow>
      {showRecipient && <DetailRow label={i18n._('Sent to')}>{complaint.toEmail}</DetailRow>}
      <DetailRow label={i18n._('Status')}>
        <StatusBadge status={complaint.status} />
      </DetailRow>
      <DetailRow label={i18n._('Filed on')}>
        <time dateTime={complaint.createdAt}>{formatDateTime(complaint.createdAt)}</time>
      </DetailRow>
      {children}
    </>
  );
}
