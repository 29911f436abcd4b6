import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Routing } from '../../../../shared/admin';
import { routingRuleSchema } from '../../../../shared/routing';
import { ApiError, apiFetch } from '../../../lib/api-client';
import { adminAuditKey, adminCategoriesKey, adminServicesKey } from '../../../lib/query-keys';
import { deleteRoutingRule } from './delete-routing-rule';
import { adminRoutingKey } from './get-routing';

/** PUT /api/admin/routing/:key/:hostel ('default' for every hostel): who receives the key's mail. */
export function putRoutingRule(routingKey: string, hostel: string, recipients: { to: string[]; cc: string[] }) {
  return apiFetch(`/api/admin/routing/${encodeURIComponent(routingKey)}/${encodeURIComponent(hostel || 'default')}`, {
    method: 'PUT',
    body: recipients,
    schema: routingRuleSchema,
  });
}

/** One rule's request; a refusal's messages move to the form's path of that rule ('routing.overrides.1.to'). */
async function rule(prefix: string, send: () => Promise<unknown>): Promise<void> {
  try {
    await send();
  } catch (error) {
    if (!(error instanceof ApiError && error.fields)) throw error;
    const fields = Object.fromEntries(Object.entries(error.fields).map(([path, message]) => [`${prefix}.${path}`, message]));
    throw new ApiError(error.status, error.code, error.message, fields);
  }
}

/**
 * A key's whole routing as the console edits it, one rule at a time: the default, each hostel's
 * own recipients, and the hostels dropped since (`before`). A refusal names the rule it was about.
 */
export function useSaveRouting(routingKey: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ routing, before }: { routing: Routing; before: readonly string[] }) => {
      await rule('routing.default', () => putRoutingRule(routingKey, '', routing.default));
      for (const [index, override] of routing.overrides.entries()) {
        await rule(`routing.overrides.${index}`, () => putRoutingRule(routingKey, override.hostel, { to: override.to, cc: override.cc }));
      }
      const kept = new Set(routing.overrides.map((o) => o.hostel));
      for (const hostel of before) if (!kept.has(hostel)) await deleteRoutingRule(routingKey, hostel);
    },
    // A category's or a service's card shows its recipients too.
    onSettled: () =>
      Promise.all([adminRoutingKey, adminCategoriesKey, adminServicesKey, adminAuditKey].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
