import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notificationChannelsSchema, type NotificationChannels, type NotificationChannelsInput } from '../../../../shared/push';
import { apiFetch } from '../../../lib/api-client';
import { notificationChannelsKey } from '../../../lib/query-keys';

/**
 * GET /api/me/notification-channels: push, mail, bell and WhatsApp, each on or off, and whether a
 * WhatsApp number is linked (the account page links one and reads this anew).
 */
export const channelsQueryOptions = queryOptions({
  queryKey: notificationChannelsKey,
  queryFn: ({ signal }) => apiFetch('/api/me/notification-channels', { schema: notificationChannelsSchema, signal }),
});

export function useChannels() {
  return useQuery(channelsQueryOptions);
}

/** What a PUT sends for these channels: WhatsApp only while a number is linked (left out, it stays as it is). */
export function channelsInput({ push, mail, bell, whatsapp, whatsappLinked }: NotificationChannels): NotificationChannelsInput {
  return whatsappLinked ? { push, mail, bell, whatsapp } : { push, mail, bell };
}

/** PUT /api/me/notification-channels: saves at once, the switch showing the saved state. */
export function useSaveChannels() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (channels: NotificationChannels) =>
      apiFetch('/api/me/notification-channels', { method: 'PUT', body: channelsInput(channels), schema: notificationChannelsSchema }),
    onSuccess: (saved) => queryClient.setQueryData(notificationChannelsKey, saved),
  });
}
