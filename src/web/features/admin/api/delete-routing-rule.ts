import { apiFetch } from '../../../lib/api-client';

/** DELETE /api/admin/routing/:key/:hostel: a hostel's own recipients go; the key's default applies there again. */
export function deleteRoutingRule(routingKey: string, hostel: string): Promise<unknown> {
  return apiFetch(`/api/admin/routing/${encodeURIComponent(routingKey)}/${encodeURIComponent(hostel)}`, { method: 'DELETE' });
}
