import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { Role } from '../../../../shared/auth';
import { ESCALATED_VIEW_PATH, LATE_GROUP } from '../../../../shared/notification-groups';
import type { Notification, NotificationList } from '../../../../shared/notifications';
import { Alert } from '../../../components/ui/Alert';
import { LoadingStatus } from '../../../components/ui/LoadingStatus';
import { Button } from '../../../components/ui/Button';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { i18n } from '../../../lib/i18n';
import { useMarkRead } from '../api/mark-read';
import { isWorkerRole as isWorker } from '../../../../shared/permissions';


/** The bell's panel: the newest notifications, each linking to its complaint, and "Mark all as read". */
export function NotificationPanel({ list, role }: { list: UseQueryResult<NotificationList>; role: Role }) {
  const markRead = useMarkRead();
  const linkFor = (n: Notification) => {
    if (n.complaintNumber) return isWorker(role) ? `/staff/complaints/${encodeURIComponent(n.complaintNumber)}` : `/my/${encodeURIComponent(n.complaintNumber)}`;
    // A bell about no single complaint (a cleaning visit) names its page; only the portal's own paths.
    if (n.link && n.link.startsWith('/') && !n.link.startsWith('//')) return n.link;
    // Several complaints that became late, in one bell: the queue's escalated view has them.
    return n.groupKey === LATE_GROUP && isWorker(role) ? ESCALATED_VIEW_PATH : null;
  };

  return (
    <section aria-labelledby="notifications-heading">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="notifications-heading" className="text-base font-semibold text-slate-900">
          {i18n._('Notifications')}
        </h2>
        <Button
          size="narrow"
          disabled={!list.data || list.data.unread === 0}
          pending={markRead.isPending}
          onClick={() => markRead.mutate({ all: true })}
        >
          {i18n._('Mark all as read')}
        </Button>
      </div>
      {markRead.isError && (
        <Alert className="mt-3">
          <p>{errorMessage(markRead.error)}</p>
        </Alert>
      )}
      {list.isPending ? (
        <LoadingStatus label={i18n._('Loading notifications…')} />
      ) : list.isError ? (
        <Alert className="mt-3">
          <p>{errorMessage(list.error)}</p>
        </Alert>
      ) : list.data.items.length === 0 ? (
        <p className="mt-3 text-slate-700">{i18n._('No notifications yet.')}</p>
      ) : (
        <ul className="mt-3 max-h-[60vh] divide-y divide-slate-100 overflow-y-auto" data-testid="notification-list">
          {list.data.items.map((n) => {
            const href = linkFor(n);
            const body = (
              <>
                <span className="flex items-start gap-2">
                  {!n.read && <span aria-hidden="true" className="mt-1.5 size-2 shrink-0 rounded-full bg-red-700" />}
                  <span className={n.read ? 'text-slate-700' : 'font-semibold text-slate-900'}>
                    {!n.read && <span className="sr-only">{i18n._('Unread:')} </span>}
                    {n.text}
                  </span>
                </span>
                <time dateTime={n.createdAt} className="mt-0.5 block text-xs text-slate-600">
                  {formatDateTime(n.createdAt)}
                </time>
              </>
            );
            return (
              <li key={n.id} className="py-1">
                {href ? (
                  <Link
                    to={href}
                    className="block rounded-lg px-2 py-2 hover:bg-brand-50"
                    onClick={() => {
                      if (!n.read) markRead.mutate({ ids: [n.id] });
                    }}
                  >
                    {body}
                  </Link>
                ) : (
                  <div className="px-2 py-2">{body}</div>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
