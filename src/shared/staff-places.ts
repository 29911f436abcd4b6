import { z } from 'zod';
import { REPEAT_DAYS, REPEAT_MIN } from './place-facts.js';
import { staffComplaintSchema } from './staff.js';

/** A place's page in the staff console (issue 27): a room or a common area and its complaints. */
export const placeParamsSchema = z.object({
  hostelCode: z.string().trim().regex(/^[A-Za-z0-9]{1,12}$/, /*i18n*/ 'A hostel code: letters and digits'),
  place: z.string().trim().regex(/^(\d{1,6}|[A-Za-z][A-Za-z0-9]{0,11})$/, /*i18n*/ 'A room number or a common area code'),
});

export const placeQuerySchema = z.object({
  cursor: z.string().max(200).optional().describe('Where the past complaints go on from'),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

export const staffPlaceSchema = z
  .object({
    place: z.object({
      kind: z.enum(['room', 'area']),
      hostel: z.string(),
      hostelCode: z.string(),
      ref: z.string(),
      name: z.string().describe('"Room 214", or the area\'s name'),
      floor: z.number().int().nullable().describe('Null for an area serving the whole building'),
      retired: z.boolean().describe('A retired common area: its history stays, it takes no new complaints'),
    }),
    repeating: z.boolean().describe(`Some category has ${REPEAT_MIN} or more of your complaints here in the last ${REPEAT_DAYS} days`),
    lastDays: z
      .array(z.object({ category: z.string(), count: z.number().int(), repeating: z.boolean() }))
      .describe(`Complaints you may see here in the last ${REPEAT_DAYS} days, by category, the most first`),
    open: z.array(staffComplaintSchema).describe('Open complaints you may see here, newest first'),
    past: z.object({ items: z.array(staffComplaintSchema), nextCursor: z.string().nullable() }).describe('Finished and resolved ones, newest first, page by page'),
  })
  .meta({ id: 'StaffPlace' });
export type StaffPlace = z.infer<typeof staffPlaceSchema>;
