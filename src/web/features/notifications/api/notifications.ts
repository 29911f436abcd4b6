import { queryOptions } from '@tanstack/react-query';
import type { NotificationList } from '../../../../shared/notifications';
import { apiFetch, guardSchema } from '../../../lib/api-client';
import { notificationsKey } from '../../../lib/query-keys';

/**
 * The bell sits in the frame of every page, so its response is shape-checked with a type guard
 * rather than zod (which must stay out of the first download); the server validates the schema.
 */
const notificationList = guardSchema((data: unknown): data is NotificationList => {
  const list = data as Partial<NotificationList> | null;
  return (
    typeof list?.unread === 'number' &&
    Array.isArray(list.items) &&
    list.items.every((n) => typeof n?.id === 'string' && typeof n.text === 'string' && typeof n.read === 'boolean')
  );
});

export const notificationsQueryOptions = queryOptions({
  queryKey: [...notificationsKey, 'list'] as const,
  queryFn: ({ signal }) => apiFetch('/api/notifications', { schema: notificationList, signal }),
  // Asked again every minute while the tab is visible (react-query pauses it in the background).
  refetchInterval: 60_000,
});
