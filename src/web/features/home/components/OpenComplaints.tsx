import { Link } from 'react-router';
import { LastMessagePreview, NeedsActionBadge } from '../../../components/NeedsAction';
import { StatusBadge } from '../../../components/StatusBadge';
import { LoadingStatus } from '../../../components/ui/LoadingStatus';
import { card, textLink } from '../../../components/ui/styles';
import { formatDate } from '../../../lib/format';
import { i18n } from '../../../lib/i18n';
import { useLocalComplaintNames } from '../../../lib/local-names';
import { WithSlots, slot } from '../../../components/ui/WithSlots';
import { useOpenComplaints } from '../api/get-open-complaints';

/** "Your open complaints" on the start page: up to three, newest first (signed-in students only). */
export function OpenComplaints() {
  const open = useOpenComplaints();
  const local = useLocalComplaintNames();

  return (
    <section aria-labelledby="open-complaints-heading" className={card} data-testid="open-complaints">
      <h2 id="open-complaints-heading" className="text-xl font-semibold text-slate-900">
        {i18n._('Your open complaints')}
      </h2>
      {open.isPending ? (
        <LoadingStatus label={i18n._('Loading your open complaints…')} className="py-4" />
      ) : open.isError ? (
        <p className="mt-2 text-slate-700">
          <WithSlots
            text={i18n._('Your complaints could not be loaded just now. See them under {link}.', { link: slot('link') })}
            slots={{
              link: (
                <Link to="/my" className={textLink}>
                  {i18n._('My complaints')}
                </Link>
              ),
            }}
          />
        </p>
      ) : open.data.length === 0 ? (
        <p className="mt-2 text-slate-700">
          {i18n._('You have no open complaints.')}{' '}
          <Link to="/my" className={textLink}>
            {i18n._('See all your complaints')}
          </Link>
        </p>
      ) : (
        <>
          <ul className="mt-3 divide-y divide-slate-100">
            {open.data.map((complaint) => (
              <li key={complaint.number} className="py-3 first:pt-0 last:pb-0">
                <Link
                  to={`/my/${encodeURIComponent(complaint.number)}`}
                  className="flex flex-wrap items-center justify-between gap-2 rounded-lg py-1 hover:bg-slate-50 [&>span:first-child]:w-full sm:[&>span:first-child]:w-auto sm:[&>span:first-child]:flex-1"
                >
                  <span className="min-w-0">
                    <span className="block font-semibold text-brand-800 underline underline-offset-2">
                      {local(complaint).complaintHead}
                      {complaint.subCategory && complaint.subCategory !== complaint.complaintHead
                        ? ` · ${local(complaint).subCategory}`
                        : ''}
                    </span>
                    <LastMessagePreview lastMessage={complaint.lastMessage} />
                    <span className="block text-sm text-slate-600">
                      <WithSlots
                        text={i18n._('{number} · filed {when}', { number: slot('number'), when: slot('when') })}
                        slots={{
                          number: <span className="font-mono">{complaint.number}</span>,
                          when: <time dateTime={complaint.createdAt}>{formatDate(complaint.createdAt)}</time>,
                        }}
                      />
                    </span>
                  </span>
                  <span className="flex flex-wrap items-center gap-2">
                    <NeedsActionBadge needsAction={complaint.needsAction} />
                    <StatusBadge status={complaint.status} />
                  </span>
                </Link>
              </li>
            ))}
          </ul>
          <p className="mt-4">
            <Link to="/my" className={textLink}>
              {i18n._('See all your complaints')}
            </Link>
          </p>
        </>
      )}
    </section>
  );
}
