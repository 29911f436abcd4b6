import { useMutation, useQueryClient } from '@tanstack/react-query';
import { whatsappLinkCodeSchema } from '../../../../shared/whatsapp';
import { apiFetch, ApiError } from '../../../lib/api-client';
import { whatsappLinkKey } from '../../../lib/query-keys';

/**
 * POST /api/me/whatsapp/code: a short-lived code the student sends from WhatsApp (`LINK <code>`),
 * and the wa.me link that opens WhatsApp with those words typed in. A 409 says a number is linked
 * already (another tab, another phone) and a 404 that WhatsApp is off: the card reads the link again.
 */
export function useWhatsAppCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch('/api/me/whatsapp/code', { method: 'POST', schema: whatsappLinkCodeSchema }),
    onError: (error) => {
      if (error instanceof ApiError && (error.status === 409 || error.status === 404)) void queryClient.invalidateQueries({ queryKey: whatsappLinkKey });
    },
  });
}
