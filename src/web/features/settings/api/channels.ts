import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notificationChannelsSchema, type NotificationChannels } from '../../../../shared/push';
import { apiFetch } from '../../../lib/api-client';

const channelsKey = ['settings', 'notification-channels'] as const;

/** GET /api/me/notification-channels: push, mail and bell, each on or off. */
export const channelsQueryOptions = queryOptions({
  queryKey: channelsKey,
  queryFn: ({ signal }) => apiFetch('/api/me/notification-channels', { schema: notificationChannelsSchema, signal }),
});

export function useChannels() {
  return useQuery(channelsQueryOptions);
}

/** PUT /api/me/notification-channels: saves at once, the switch showing the saved state. */
export function useSaveChannels() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationChannels) =>
      apiFetch('/api/me/notification-channels', { method: 'PUT', body, schema: notificationChannelsSchema }),
    onSuccess: (saved) => queryClient.setQueryData(channelsKey, saved),
  });
}
