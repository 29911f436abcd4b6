import { Link } from 'react-router';
import type { FollowedItem } from '../../../../shared/complaints';
import { StatusBadge } from '../../../components/StatusBadge';
import { Alert } from '../../../components/ui/Alert';
import { LoadingStatus } from '../../../components/ui/LoadingStatus';
import { StatusMessage } from '../../../components/ui/StatusMessage';
import { Button } from '../../../components/ui/Button';
import { errorMessage } from '../../../lib/api-client';
import { useLocalComplaintNames } from '../../../lib/local-names';
import { i18n } from '../../../lib/i18n';
import { WithSlots, slot } from '../../../components/ui/WithSlots';
import { useFollowing } from '../api/get-following';
import { useFollowSwitch } from '../lib/use-follow-switch';

/** One followed complaint: a link to its follower view, and Leave with Undo in its place. */
function FollowedRow({ item }: { item: FollowedItem }) {
  const { following, set, failure, pending, followButton, leaveButton } = useFollowSwitch(item.number, true);
  const left = !following;
  const names = useLocalComplaintNames()({ ...item, category: '' });

  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="followed-row">
      <span className="flex flex-wrap items-center justify-between gap-2">
        <Link to={`/my/${encodeURIComponent(item.number)}`} className="font-mono text-sm font-semibold whitespace-nowrap text-brand-800 underline underline-offset-2">
          {item.number}
        </Link>
        <StatusBadge status={item.status} />
      </span>
      <span className="mt-2 block font-semibold text-slate-900">
        {names.complaintHead}
        {item.subCategory && item.subCategory !== item.complaintHead ? ` · ${names.subCategory}` : ''}
      </span>
      <span className="mt-1 block text-sm text-slate-700">
        {i18n._('{hostel}, floor {floor} · affects {students} students', { hostel: names.hostel, floor: item.floor, students: item.students })}
        {item.yourComplaint && (
          <>
            {' · '}
            <WithSlots
              text={i18n._('your {number} was merged into it', { number: slot('number') })}
              slots={{ number: <span className="whitespace-nowrap">{item.yourComplaint}</span> }}
            />
          </>
        )}
      </span>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        {left ? (
          <Button ref={followButton} pending={pending} onClick={() => void set(true)}>
            {i18n._('Undo')}
          </Button>
        ) : (
          <Button ref={leaveButton} pending={pending} onClick={() => void set(false)}>
            {i18n._('Leave')}<span className="sr-only"> {item.number}</span>
          </Button>
        )}
        <StatusMessage tone="neutral" message={
            left ? (
              <WithSlots
                text={i18n._('You left {number}: you will not hear of it any more.', { number: slot('number') })}
                slots={{ number: <span className="whitespace-nowrap">{item.number}</span> }}
              />
            ) : null
          }
        />
      </div>
      {failure && (
        <Alert className="mt-2">
          <p>{failure}</p>
        </Alert>
      )}
    </li>
  );
}

/**
 * "Following" on My complaints: complaints other students filed that this student follows (Me
 * too, or their own duplicate merged into one). Nothing shows while there are none.
 */
export function FollowingList() {
  const list = useFollowing({ enabled: true });
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  if (list.isPending || (!list.isError && items.length === 0)) return null;

  return (
    <section aria-labelledby="following-list-heading" className="mt-10" data-testid="following">
      <h2 id="following-list-heading" className="text-xl font-semibold text-slate-900">
        {i18n._('Following')}
      </h2>
      <p className="mt-1 text-slate-700">{i18n._('Complaints other students filed that affect you too: you hear of every change of their status.')}</p>
      {list.isError && !list.isFetchNextPageError ? (
        <Alert className="mt-3">
          <p>{errorMessage(list.error)}</p>
        </Alert>
      ) : (
        <ul className="mt-4 grid grid-cols-1 gap-3" aria-label={i18n._('Complaints you follow, newest first')}>
          {items.map((item) => (
            <FollowedRow key={item.number} item={item} />
          ))}
        </ul>
      )}
      {list.isFetchNextPageError && (
        <Alert className="mt-4">
          <p>{errorMessage(list.error)}</p>
        </Alert>
      )}
      {list.isFetchingNextPage && <LoadingStatus label={i18n._('Loading more…')} />}
      {list.hasNextPage && !list.isFetchingNextPage && (
        <Button className="mt-4 w-full sm:w-auto" onClick={() => void list.fetchNextPage()}>
          {i18n._('Load more')}
        </Button>
      )}
    </section>
  );
}
