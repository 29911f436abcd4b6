import { Link } from 'react-router';
import { CONFIDENTIAL_STUDENT, type StaffComplaint } from '../../../../../shared/staff';
import { StatusBadge } from '../../../../components/StatusBadge';
import { Badge } from '../../../../components/ui/Badge';
import { Checkbox } from '../../../../components/ui/Controls';
import { cn } from '../../../../lib/cn';
import { formatDateTime } from '../../../../lib/format';
import { ageLabel } from '../../lib/age';
import { DueBadge } from '../DueBadge';
import { ConfidentialBadge } from '../WorkerGate';
import { isOpenStatus } from '../../../../../shared/constants';
import { visitTimeText } from '../../../../../shared/visits';
import { PlaceLinkText, RepeatBadge } from '../PlaceBits';
import type { PlaceFacts } from '../../../../../shared/place-facts';
import { i18n } from '../../../../lib/i18n';
import { WithSlots, slot } from '../../../../components/ui/WithSlots';
import { useLocalNames, type LocalNames } from '../../../../lib/local-names';
import { standInName } from '../../lib/stand-in-names';

/** A queue row: the complaint, and its place's link and repeat flag when the queue gave them. */
type Row = StaffComplaint & Partial<PlaceFacts>;

export interface RowsProps {
  complaints: Row[];
  now: number;
  selected: ReadonlySet<string>;
  onToggle: (number: string) => void;
  /** The queue's filters, so the detail page's back link returns to the same view. */
  queueSearch: string;
  /** The list's accessible name ("Complaints in your queue", "New complaints"). */
  label: string;
  /** The university's time zone, which agreed visits are shown in (from the queue's answer). */
  timeZone?: string | undefined;
}

export const studentOf = (complaint: StaffComplaint) =>
  complaint.confidential
    ? // The server names what stands in the student's place ("Anonymous report" for one filed without a name).
      standInName(complaint.fname || CONFIDENTIAL_STUDENT)
    : [complaint.fname, complaint.id].filter(Boolean).join(' ') || complaint.userEmail;

function whereOf(complaint: StaffComplaint, names: LocalNames): string {
  const hostel = names.hostel(complaint.hostel);
  if (complaint.commonArea) return i18n._('{hostel}, {area}', { hostel, area: names.commonArea(complaint.hostel, complaint.commonArea) });
  const floor = complaint.floor;
  if (complaint.roomNo) return i18n._('{hostel}, floor {floor}, room {room}', { hostel, floor, room: complaint.roomNo });
  // A ragging report without a room gave no floor either (decision 40): it says where it happened.
  if (complaint.reportedPlace) return i18n._('{hostel}, {area}', { hostel, area: complaint.reportedPlace.text });
  return hostel;
}

/**
 * Where it is; the room or common area links to the place's page. On a phone the card's own link
 * covers it, so the place's link sits above (relative z-10) and stays its own target.
 */
function Where({ complaint }: { complaint: Row }) {
  const names = useLocalNames();
  const { place } = complaint;
  if (!place) return <>{whereOf(complaint, names)}</>;
  const hostel = names.hostel(complaint.hostel);
  const room = complaint.roomNo !== '';
  const link = (
    <PlaceLinkText place={place} className="relative z-10">
      {room
        ? i18n._('room {room}', { room: complaint.roomNo })
        : complaint.commonArea
          ? names.commonArea(complaint.hostel, complaint.commonArea)
          : place.label}
    </PlaceLinkText>
  );
  return (
    <WithSlots
      text={
        room
          ? i18n._('{hostel}, floor {floor}, {room}', { hostel, floor: complaint.floor, room: slot('place') })
          : i18n._('{hostel}, {area}', { hostel, area: slot('place') })
      }
      slots={{ place: link }}
    />
  );
}

/** The category's heading and the sub-category, in the reader's language when the catalogue has it. */
function Title({ complaint }: { complaint: StaffComplaint }) {
  const names = useLocalNames();
  const sub =
    complaint.subCategory && complaint.subCategory !== complaint.complaintHead ? names.subCategory(complaint.category, complaint.subCategory) : '';
  const head = names.heading(complaint.category, complaint.complaintHead);
  return <>{sub ? `${head} · ${sub}` : head}</>;
}

const detailPath = (number: string) => `/staff/complaints/${encodeURIComponent(number)}`;

/** The attribute the keyboard shortcuts find the rows' links by (j/k, a). */
export const ROW_LINK = 'data-row-link';

/** How far a late complaint went: the hostel's wardens were told, then the administrators. */
export function EscalationBadge({ level }: { level: number }) {
  if (level <= 0) return null;
  return (
    <Badge tone="purple" className="whitespace-nowrap">
      {level >= 2 ? i18n._('Late — admins told') : i18n._('Late — wardens told')}
    </Badge>
  );
}

/** Its own student and those who follow it ("Me too", merged duplicates). */
export function AffectsBadge({ followers }: { followers: number }) {
  if (followers <= 0) return null;
  return (
    <Badge tone="info" className="whitespace-nowrap">
      {i18n._('Affects {count} students', { count: followers + 1 })}
    </Badge>
  );
}

/** The visit agreed with the student for in-room work (decision 47), while the complaint is open. */
export function VisitBadge({ complaint, timeZone, now }: { complaint: StaffComplaint; timeZone: string | undefined; now: number }) {
  if (!complaint.visitStartsAt || !complaint.visitEndsAt || !timeZone || !isOpenStatus(complaint.status)) return null;
  return (
    <span data-testid="queue-visit">
      <Badge tone="info" className="whitespace-nowrap">
        {i18n._('Visit {time}', { time: visitTimeText(new Date(complaint.visitStartsAt), new Date(complaint.visitEndsAt), new Date(now), timeZone) })}
      </Badge>
    </span>
  );
}

function Age({ complaint, now }: { complaint: Row; now: number }) {
  return (
    <time dateTime={complaint.createdAt} title={formatDateTime(complaint.createdAt)}>
      {ageLabel(complaint.createdAt, now)}
    </time>
  );
}

/**
 * Phones: compact cards. The number's link stretches over the whole card (its ::after covers it),
 * so a tap anywhere opens the complaint; the checkbox sits above the link and stays its own target.
 */
export function PhoneRows({ complaints, now, selected, onToggle, queueSearch, label, timeZone }: RowsProps) {
  return (
    <ul className="mt-2 grid gap-2" aria-label={label}>
      {complaints.map((complaint) => {
        const isSelected = selected.has(complaint.number);
        return (
          <li
            key={complaint.number}
            data-testid="queue-row"
            data-number={complaint.number}
            className={cn(
              // min-w-0: a grid item is otherwise as wide as its longest unbroken line (a title, a
              // name), wider than the column on a phone.
              'relative min-w-0 rounded-xl border bg-white p-3 shadow-sm focus-within:ring-2 focus-within:ring-brand-600 hover:bg-slate-50',
              isSelected ? 'border-brand-500 ring-1 ring-brand-500' : 'border-slate-200',
            )}
          >
            <div className="flex items-start gap-2">
              <label className="relative z-10 -m-1 inline-flex size-11 shrink-0 items-center justify-center">
                <Checkbox
                  checked={isSelected}
                  onChange={() => onToggle(complaint.number)}
                  aria-label={i18n._('Select {number}', { number: complaint.number })}
                />
              </label>
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
                  <Link
                    to={detailPath(complaint.number)}
                    state={{ queueSearch }}
                    {...{ [ROW_LINK]: complaint.number }}
                    className="font-mono text-sm font-semibold text-brand-800 underline underline-offset-2 outline-none after:absolute after:inset-0 after:rounded-xl hover:text-brand-950"
                  >
                    {complaint.number}
                  </Link>
                  <StatusBadge status={complaint.status} />
                </div>
                <p className="mt-1 truncate font-semibold text-slate-900">
                  <Title complaint={complaint} />
                </p>
                <div className="mt-1 flex flex-wrap items-center gap-1.5">
                  <DueBadge dueAt={complaint.dueAt} status={complaint.status} waitingSince={complaint.waitingSince} now={now} />
                  <EscalationBadge level={complaint.escalationLevel} />
                  <AffectsBadge followers={complaint.followerCount} />
                  <VisitBadge complaint={complaint} timeZone={timeZone} now={now} />
                  {complaint.repeating && <RepeatBadge />}
                  {complaint.confidential && <ConfidentialBadge />}
                </div>
                <p className="mt-1 line-clamp-1 text-sm wrap-anywhere text-slate-700">{complaint.complaint}</p>
                <dl className="mt-1 grid gap-x-3 text-sm text-slate-700 sm:grid-cols-2">
                  <div className="min-w-0 truncate">
                    <dt className="sr-only">{i18n._('Where')}</dt>
                    <dd className="inline">
                      <Where complaint={complaint} />
                    </dd>
                  </div>
                  <div className="min-w-0 truncate">
                    <dt className="inline font-medium text-slate-600">{i18n._('Student:')} </dt>
                    <dd className="inline">{studentOf(complaint)}</dd>
                  </div>
                  <div className="min-w-0 truncate">
                    <dt className="inline font-medium text-slate-600">{i18n._('Assigned to:')} </dt>
                    <dd className="inline">{complaint.assignee?.name ?? i18n._('Nobody')}</dd>
                  </div>
                  <div className="min-w-0 truncate">
                    <dt className="inline font-medium text-slate-600">{i18n._('Age:')} </dt>
                    <dd className="inline">
                      <Age complaint={complaint} now={now} />
                    </dd>
                  </div>
                </dl>
              </div>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** Desks (lg and up): one dense table row per complaint. */
export function DeskTable({ complaints, now, selected, onToggle, queueSearch, label, timeZone }: RowsProps) {
  const th = cn('px-2 py-2 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase');
  const td = cn('px-2 py-2 align-top');
  return (
    // Words stay whole; a table wider than the window scrolls in its own region, which takes focus
    // so that a keyboard can scroll it too.
    <div
      className="mt-2 overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm"
      tabIndex={0}
      role="region"
      aria-label={i18n._('{label}: table', { label })}
    >
      <table className="w-full border-collapse text-sm" aria-label={label}>
        <thead className="border-b border-slate-200 bg-slate-50">
          <tr>
            <th scope="col" className={cn(th, 'w-10')}>
              <span className="sr-only">{i18n._('Selected')}</span>
            </th>
            <th scope="col" className={th}>{i18n._('Number')}</th>
            <th scope="col" className={th}>{i18n._('Complaint')}</th>
            <th scope="col" className={th}>{i18n._('Where')}</th>
            <th scope="col" className={th}>{i18n._('Student')}</th>
            <th scope="col" className={th}>{i18n._('Assigned to')}</th>
            <th scope="col" className={th}>{i18n._('Due')}</th>
            <th scope="col" className={th}>{i18n._('Status')}</th>
            <th scope="col" className={th}>{i18n._('Age')}</th>
          </tr>
        </thead>
        <tbody>
          {complaints.map((complaint) => {
            const isSelected = selected.has(complaint.number);
            return (
              <tr
                key={complaint.number}
                data-testid="queue-row"
                data-number={complaint.number}
                className={cn(
                  'border-b border-slate-100 last:border-b-0 hover:bg-slate-50 focus-within:bg-brand-50',
                  isSelected && 'bg-brand-50',
                )}
              >
                <td className={td}>
                  <Checkbox
                    unstyled
                    className="size-4 accent-brand-700"
                    checked={isSelected}
                    onChange={() => onToggle(complaint.number)}
                    aria-label={i18n._('Select {number}', { number: complaint.number })}
                  />
                </td>
                <td className={cn(td, 'whitespace-nowrap')}>
                  <Link
                    to={detailPath(complaint.number)}
                    state={{ queueSearch }}
                    {...{ [ROW_LINK]: complaint.number }}
                    className="font-mono font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-950"
                  >
                    {complaint.number}
                  </Link>
                </td>
                <td className={cn(td, 'max-w-72')}>
                  <p className="truncate font-semibold text-slate-900">
                    <Title complaint={complaint} />
                  </p>
                  <p className="truncate text-slate-700">{complaint.complaint}</p>
                  <AffectsBadge followers={complaint.followerCount} />
                  <VisitBadge complaint={complaint} timeZone={timeZone} now={now} />
                </td>
                <td className={td}>
                  <Where complaint={complaint} />
                  {complaint.repeating && <RepeatBadge className="mt-1 flex w-fit" />}
                </td>
                <td className={td}>
                  {studentOf(complaint)} {complaint.confidential && <ConfidentialBadge />}
                </td>
                <td className={td}>{complaint.assignee?.name ?? i18n._('Nobody')}</td>
                <td className={cn(td, 'whitespace-nowrap')}>
                  <DueBadge dueAt={complaint.dueAt} status={complaint.status} waitingSince={complaint.waitingSince} now={now} />
                  {complaint.escalationLevel > 0 && (
                    <span className="mt-1 block">
                      <EscalationBadge level={complaint.escalationLevel} />
                    </span>
                  )}
                </td>
                <td className={cn(td, 'whitespace-nowrap')}>
                  <StatusBadge status={complaint.status} />
                </td>
                <td className={cn(td, 'whitespace-nowrap')}>
                  <Age complaint={complaint} now={now} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
