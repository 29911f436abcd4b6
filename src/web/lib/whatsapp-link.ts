import { queryOptions, useQuery } from '@tanstack/react-query';
import { whatsappLinkSchema, type WhatsAppLink } from '../../shared/whatsapp';
import { apiFetch, ApiError } from './api-client';
import { whatsappLinkKey } from './query-keys';

/*
 * GET /api/me/whatsapp: whether the portal has WhatsApp, and the number linked to this account.
 * Two features read it (the account page links the number, the notifications page says where to
 * link it), so it lives here; only their lazily loaded pages import it (it brings zod along).
 */

/** How often the account page asks while a linking code is shown (the student sends it from their phone). */
export const WHATSAPP_POLL_MS = 3000;

/** A portal from before WhatsApp has no such route: it has no WhatsApp, as far as a page can tell. */
const NOT_AVAILABLE: WhatsAppLink = { available: false, linked: null };

export const whatsappLinkQueryOptions = queryOptions({
  queryKey: whatsappLinkKey,
  queryFn: async ({ signal }) => {
    try {
      return await apiFetch('/api/me/whatsapp', { schema: whatsappLinkSchema, signal });
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return NOT_AVAILABLE;
      throw error;
    }
  },
});

/**
 * The link, asked for again every few seconds while `poll` is true and no number is linked yet
 * (a code is on the screen: once it arrives from the phone, the page shows the number by itself).
 */
export function useWhatsAppLink({ enabled = true, poll = false }: { enabled?: boolean; poll?: boolean } = {}) {
  return useQuery({
    ...whatsappLinkQueryOptions,
    enabled,
    refetchInterval: (query) => (poll && !query.state.data?.linked ? WHATSAPP_POLL_MS : false),
  });
}
