import { z } from 'zod';
const address = z.string().trim().toLowerCase().pipe(z.email(/*i18n*/ 'Each recipient must be a valid e-mail address'));

export const routingRuleSchema = z
  .object({
    routingKey: z.string(),
    /** Empty: the default for every hostel. */
    hostel: z.string(),
    to: z.array(z.string()),
    cc: z.array(z.string()),
    updatedAt: z.string(),
  })
  .meta({ id: 'RoutingRule' });
export type RoutingRule = z.infer<typeof routingRuleSchema>;

export const putRoutingRuleSchema = z
  .object({
    to: z.array(address).min(1, /*i18n*/ 'Give at least one recipient').max(10, /*i18n*/ 'At most 10 recipients'),
    cc: z.array(address).max(10, /*i18n*/ 'At most 10 copies').default([]),
  })
  .meta({ id: 'PutRoutingRule' });
export type PutRoutingRule = z.infer<typeof putRoutingRuleSchema>;

/** A routing key and what is routed by it (GET /api/admin/routing's `keys`). */
export const routingKeyUseSchema = z
  .object({
    routingKey: z.string(),
    usedBy: z.array(
      z.object({
        kind: z.enum(['category', 'subCategory', 'service']),
        /** The category's key (for a sub-category, its category's), or the service's key. */
        category: z.string(),
        /** What the console calls it: "Others", "Others → Theft", "Room Cleaning". */
        name: z.string(),
      }),
    ),
  })
  .meta({ id: 'RoutingKeyUse' });
export type RoutingKeyUse = z.infer<typeof routingKeyUseSchema>;
