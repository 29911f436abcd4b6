import { Link, useParams } from 'react-router';
import { REPEAT_DAYS, REPEAT_MIN } from '../../../../../shared/place-facts';
import type { StaffComplaint } from '../../../../../shared/staff';
import type { StaffPlace } from '../../../../../shared/staff-places';
import { NotFoundCard } from '../../../../components/NotFoundCard';
import { StatusBadge } from '../../../../components/StatusBadge';
import { Badge } from '../../../../components/ui/Badge';
import { LoadingStatus } from '../../../../components/ui/LoadingStatus';
import { BackLink, PageHeading } from '../../../../components/ui/PageHeading';
import { buttonSecondary, card } from '../../../../components/ui/styles';
import { ApiError } from '../../../../lib/api-client';
import { useCatalog } from '../../../../lib/catalog';
import { cn } from '../../../../lib/cn';
import { formatDateTime } from '../../../../lib/format';
import { useStaffPlace } from '../../api/place';
import { RepeatBadge } from '../PlaceBits';
import { StaffRequestError, WorkerGate } from '../WorkerGate';

/** A category's words as the cards say them ("Wifi"), the key itself for one the catalogue no longer has. */
function useCategoryLabel(): (key: string) => string {
  const catalog = useCatalog().data;
  return (key) =>
    catalog?.categories.find((c) => c.key === key)?.cardTitle ?? catalog?.services.find((s) => s.key === key)?.label ?? key;
}

const whereLine = (place: StaffPlace['place']) =>
  [place.hostel, place.floor === null ? 'whole building' : `floor ${place.floor}`].join(', ');

/** One complaint of the place: its number (to its page), what, when, its status and who has it. */
function ComplaintItem({ complaint }: { complaint: StaffComplaint }) {
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
        {complaint.complaintHead}
        {complaint.subCategory && complaint.subCategory !== complaint.complaintHead ? ` · ${complaint.subCategory}` : ''}
      </p>
      <p className="mt-0.5 line-clamp-2 text-sm wrap-anywhere text-slate-700">{complaint.complaint}</p>
      <p className="mt-0.5 text-sm text-slate-600">
        <time dateTime={complaint.createdAt}>{formatDateTime(complaint.createdAt)}</time> · {complaint.assignee?.name ?? 'Nobody has it'}
      </p>
    </li>
  );
}

function LastDays({ place, label }: { place: StaffPlace; label: (key: string) => string }) {
  return (
    <section aria-labelledby="place-last-days" className={cn(card, 'mt-4')}>
      <h2 id="place-last-days" className="text-lg font-semibold text-slate-900">
        Last {REPEAT_DAYS} days
      </h2>
      {place.lastDays.length === 0 ? (
        <p className="mt-2 text-slate-700">No complaints you work here in the last {REPEAT_DAYS} days.</p>
      ) : (
        <ul className="mt-2 space-y-1" data-testid="place-last-days">
          {place.lastDays.map((c) => (
            <li key={c.category} className="flex flex-wrap items-center gap-2 text-slate-800">
              <span>
                {label(c.category)}: <strong className="font-semibold">{c.count}</strong>
              </span>
              {c.repeating && <RepeatBadge />}
            </li>
          ))}
        </ul>
      )}
      <p className="mt-2 text-sm text-slate-600">
        A place is repeating when it has {REPEAT_MIN} or more complaints of one kind in {REPEAT_DAYS} days.
      </p>
    </section>
  );
}

function Loaded({ hostelCode, place: ref }: { hostelCode: string; place: string }) {
  const query = useStaffPlace(hostelCode, ref);
  const label = useCategoryLabel();
  if (query.isPending) return <LoadingStatus label="Loading the place…" />;
  if (query.isError && query.data === undefined) {
    if (query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400)) {
      return (
        <NotFoundCard title="Place not found" to="/staff" linkLabel="Go to the queue" data-testid="place-not-found">
          There is no room or common area {ref} in a hostel {hostelCode} that you work. It may belong to another hostel.
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
        <span>{whereLine(first.place)}</span>
        {first.repeating && <RepeatBadge />}
        {first.place.retired && <Badge>Retired</Badge>}
      </p>
      <LastDays place={first} label={label} />
      <section aria-labelledby="place-open" className={cn(card, 'mt-4')}>
        <h2 id="place-open" className="text-lg font-semibold text-slate-900">
          Open now ({first.open.length})
        </h2>
        {first.open.length === 0 ? (
          <p className="mt-2 text-slate-700">Nothing open here that you work.</p>
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
          Past complaints
        </h2>
        {past.length === 0 ? (
          <p className="mt-2 text-slate-700">No earlier complaints here that you work.</p>
        ) : (
          <ul className="divide-y divide-slate-100" aria-labelledby="place-past" data-testid="place-past">
            {past.map((c) => (
              <ComplaintItem key={c.number} complaint={c} />
            ))}
          </ul>
        )}
        {query.hasNextPage && (
          <button
            type="button"
            className={cn(buttonSecondary, 'mt-3')}
            disabled={query.isFetchingNextPage}
            aria-busy={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            {query.isFetchingNextPage ? 'Loading…' : 'Show older complaints'}
          </button>
        )}
      </section>
    </div>
  );
}

/** Route /staff/places/:hostelCode/:place: a room or common area, its history and whether it keeps coming back. */
export function StaffPlacePage() {
  const { hostelCode = '', place = '' } = useParams();
  const name = /^\d+$/.test(place) ? `Room ${place}` : place.toUpperCase();
  return (
    <section aria-labelledby="staff-place-heading" className="mx-auto max-w-3xl">
      <BackLink to="/staff">Back to the queue</BackLink>
      <PageHeading id="staff-place-heading" title={`${name}, ${hostelCode.toUpperCase()} · Staff console · Hostel Complaint Portal`}>
        <PlaceHeading hostelCode={hostelCode} place={place} fallback={name} />
      </PageHeading>
      <WorkerGate>{() => <Loaded key={`${hostelCode}/${place}`} hostelCode={hostelCode} place={place} />}</WorkerGate>
    </section>
  );
}

/** The area's own name once the page has it ("Washroom"), the address's words until then. */
function PlaceHeading({ hostelCode, place, fallback }: { hostelCode: string; place: string; fallback: string }) {
  const query = useStaffPlace(hostelCode, place, false);
  return <>{query.data?.pages[0]?.place.name ?? fallback}</>;
}
