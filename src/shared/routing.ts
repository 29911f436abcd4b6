import { z } from 'zod';
import { HOSTELS } from './catalog.js';

/** The original app's recipient keys (its e-mails collection), plus services added since. */
export const ROUTING_KEYS = [
  'wifiComplaints',
  'electricityComplaint',
  'carpenterComplaint',
  'waterComplaint',
  'messComplaint',
  'otherComplaint',
  'roomCleaners',
  'laundry',
] as const;

const address = z.string().trim().toLowerCase().pipe(z.email('Each recipient must be a valid e-mail address'));

export const routingRuleSchema = z
  .object({
    routingKey: z.enum(ROUTING_KEYS),
    /** Empty: the default for every hostel. */
    hostel: z.union([z.literal(''), z.enum(HOSTELS)]),
    to: z.array(z.string()),
    cc: z.array(z.string()),
    updatedAt: z.string(),
  })
  .meta({ id: 'RoutingRule' });
export type RoutingRule = z.infer<typeof routingRuleSchema>;

export const putRoutingRuleSchema = z
  .object({
    to: z.array(address).min(1, 'Give at least one recipient').max(10, 'At most 10 recipients'),
    cc: z.array(address).max(10, 'At most 10 copies').default([]),
  })
  .meta({ id: 'PutRoutingRule' });
export type PutRoutingRule = z.infer<typeof putRoutingRuleSchema>;
