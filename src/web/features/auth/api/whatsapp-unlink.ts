import { useMutation, useQueryClient } from '@tanstack/react-query';
import { whatsappLinkSchema } from '../../../../shared/whatsapp';
import { apiFetch } from '../../../lib/api-client';
import { notificationChannelsKey, whatsappLinkKey } from '../../../lib/query-keys';

/** DELETE /api/me/whatsapp: forgets the linked number (the answer says so: `linked: null`). */
export function useUnlinkWhatsApp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch('/api/me/whatsapp', { method: 'DELETE', schema: whatsappLinkSchema }),
    onSuccess: (link) => {
      queryClient.setQueryData(whatsappLinkKey, link);
      // The notifications page offers the WhatsApp switch only while a number is linked: it reads anew.
      queryClient.removeQueries({ queryKey: notificationChannelsKey });
    },
  });
}
