import { Link, useParams } from 'react-router';
import { REPEAT_DAYS, REPEAT_MIN } from '../../../../../shared/place-facts';
import type { StaffComplaint } from '../../../../../shared/staff';
import type { StaffPlace } from '../../../../../shared/staff-places';
import { NotFoundCard } from '../../../../components/NotFoundCard';
import { StatusBadge } from '../../../../components/StatusBadge';
import { Badge } from '../../../../components/ui/Badge';
import { LoadingStatus } from '../../../../components/ui/LoadingStatus';
import { BackLink, PageHeading } from '../../../../components/ui/PageHeading';
import { Button } from '../../../../components/ui/Button';
import { card } from '../../../../components/ui/styles';
import { ApiError } from '../../../../lib/api-client';
import { cn } from '../../../../lib/cn';
import { formatDateTime } from '../../../../lib/format';
import { useStaffPlace } from '../../api/place';
import { RepeatBadge } from '../PlaceBits';
import { StaffRequestError, WorkerGate } from '../WorkerGate';
import { i18n } from '../../../../lib/i18n';
import { useLocalNames, type LocalNames } from '../../../../lib/local-names';
import { WithSlots, slot } from '../../../../components/ui/WithSlots';

/** A category's words as the cards say them ("Wifi"), the key itself for one the catalogue no longer has. */
function useCategoryLabel(): (key: string) => string {
  const names = useLocalNames();
  return (key) => names.category(key, key);
}

function whereLine(place: StaffPlace['place'], names: LocalNames): string {
  const hostel = names.hostel(place.hostel);
  return place.floor === null ? i18n._('{hostel}, whole building', { hostel }) : i18n._('{hostel}, floor {floor}', { hostel, floor: place.floor });
}

/** The place's name: "Room 214", or the common area's in the reader's language. */
function placeName(place: StaffPlace['place'], names: LocalNames): string {
  return place.kind === 'room' ? i18n._('Room {room}', { room: place.ref }) : names.commonArea(place.hostel, place.name);
}

/** One complaint of the place: its number (to its page), what, when, its status and who has it. */
function ComplaintItem({ complaint }: { complaint: StaffComplaint }) {
  const names = useLocalNames();
  const head = names.heading(complaint.category, complaint.complaintHead);
  const sub = complaint.subCategory && complaint.subCategory !== complaint.complaintHead ? names.subCategory(complaint.category, complaint.subCategory) : '';
  return (
    <li className="py-3" data-testid="place-complaint" data-number={complaint.number}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Link
          to={`/staff/complaints/${encodeURIComponent(complaint.number)}`}
          className="font-mono text-sm font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-950"
        >
          {complaint.number}
        </Link>
        <StatusBadge status={complaint.status} />
      </div>
      <p className="mt-1 font-semibold text-slate-900">
        {sub ? `${head} · ${sub}` : head}
      </p>
      <p className="mt-0.5 line-clamp-2 text-sm wrap-anywhere text-slate-700">{complaint.complaint}</p>
      <p className="mt-0.5 text-sm text-slate-600">
        <time dateTime={complaint.createdAt}>{formatDateTime(complaint.createdAt)}</time> · {complaint.assignee?.name ?? i18n._('Nobody has it')}
      </p>
    </li>
  );
}

function LastDays({ place, label }: { place: StaffPlace; label: (key: string) => string }) {
  return (
    <section aria-labelledby="place-last-days" className={cn(card, 'mt-4')}>
      <h2 id="place-last-days" className="text-lg font-semibold text-slate-900">
        {i18n._('Last {days} days', { days: REPEAT_DAYS })}
      </h2>
      {place.lastDays.length === 0 ? (
        <p className="mt-2 text-slate-700">{i18n._('No complaints you work here in the last {days} days.', { days: REPEAT_DAYS })}</p>
      ) : (
        <ul className="mt-2 space-y-1" data-testid="place-last-days">
          {place.lastDays.map((c) => (
            <li key={c.category} className="flex flex-wrap items-center gap-2 text-slate-800">
              <span>
                <WithSlots
                  text={i18n._('{category}: {count}', { category: label(c.category), count: slot('count') })}
                  slots={{ count: <strong className="font-semibold">{c.count}</strong> }}
                />
              </span>
              {c.repeating && <RepeatBadge />}
            </li>
          ))}
        </ul>
      )}
      <p className="mt-2 text-sm text-slate-600">
        {i18n._('A place is repeating when it has {min} or more complaints of one kind in {days} days.', { min: REPEAT_MIN, days: REPEAT_DAYS })}
      </p>
    </section>
  );
}

function Loaded({ hostelCode, place: ref }: { hostelCode: string; place: string }) {
  const query = useStaffPlace(hostelCode, ref);
  const label = useCategoryLabel();
  const names = useLocalNames();
  if (query.isPending) return <LoadingStatus label={i18n._('Loading the place…')} />;
  if (query.isError && query.data === undefined) {
    if (query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400)) {
      return (
        <NotFoundCard title={i18n._('Place not found')} to="/staff" linkLabel={i18n._('Go to the queue')} data-testid="place-not-found">
          {i18n._('There is no room or common area {place} in a hostel {hostel} that you work. It may belong to another hostel.', { place: ref, hostel: hostelCode })}
        </NotFoundCard>
      );
    }
    return <StaffRequestError error={query.error} onRetry={() => void query.refetch()} />;
  }
  const [first] = query.data.pages;
  if (!first) return null;
  const past = query.data.pages.flatMap((p) => p.past.items);
  return (
    <div data-testid="staff-place">
      <p className="mt-2 flex flex-wrap items-center gap-2 text-slate-700">
        <span>{whereLine(first.place, names)}</span>
        {first.repeating && <RepeatBadge />}
        {first.place.retired && <Badge>{i18n._('Retired')}</Badge>}
      </p>
      <LastDays place={first} label={label} />
      <section aria-labelledby="place-open" className={cn(card, 'mt-4')}>
        <h2 id="place-open" className="text-lg font-semibold text-slate-900">
          {i18n._('Open now ({count})', { count: first.open.length })}
        </h2>
        {first.open.length === 0 ? (
          <p className="mt-2 text-slate-700">{i18n._('Nothing open here that you work.')}</p>
        ) : (
          <ul className="divide-y divide-slate-100" aria-labelledby="place-open">
            {first.open.map((c) => (
              <ComplaintItem key={c.number} complaint={c} />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="place-past" className={cn(card, 'mt-4')}>
        <h2 id="place-past" className="text-lg font-semibold text-slate-900">
          {i18n._('Past complaints')}
        </h2>
        {past.length === 0 ? (
          <p className="mt-2 text-slate-700">{i18n._('No earlier complaints here that you work.')}</p>
        ) : (
          <ul className="divide-y divide-slate-100" aria-labelledby="place-past" data-testid="place-past">
            {past.map((c) => (
              <ComplaintItem key={c.number} complaint={c} />
            ))}
          </ul>
        )}
        {query.hasNextPage && (
          <Button className="mt-3" pending={query.isFetchingNextPage} pendingLabel={i18n._('Loading…')} onClick={() => void query.fetchNextPage()}>
            {i18n._('Show older complaints')}
          </Button>
        )}
      </section>
    </div>
  );
}

/** Route /staff/places/:hostelCode/:place: a room or common area, its history and whether it keeps coming back. */
export function StaffPlacePage() {
  const { hostelCode = '', place = '' } = useParams();
  const name = /^\d+$/.test(place) ? i18n._('Room {room}', { room: place }) : place.toUpperCase();
  return (
    <section aria-labelledby="staff-place-heading" className="mx-auto max-w-3xl">
      <BackLink to="/staff">{i18n._('Back to the queue')}</BackLink>
      <PageHeading id="staff-place-heading" title={i18n._('{place}, {hostel} · Staff console · Hostel Complaint Portal', { place: name, hostel: hostelCode.toUpperCase() })}>
        <PlaceHeading hostelCode={hostelCode} place={place} fallback={name} />
      </PageHeading>
      <WorkerGate>{() => <Loaded key={`${hostelCode}/${place}`} hostelCode={hostelCode} place={place} />}</WorkerGate>
    </section>
  );
}

/** The area's own name once the page has it ("Washroom"), the address's words until then. */
function PlaceHeading({ hostelCode, place, fallback }: { hostelCode: string; place: string; fallback: string }) {
  const query = useStaffPlace(hostelCode, place, false);
  const names = useLocalNames();
  const shown = query.data?.pages[0]?.place;
  return <>{shown ? placeName(shown, names) : fallback}</>;
}
