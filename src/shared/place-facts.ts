import { z } from 'zod';

/*
 * A complaint's place in the staff console (issue 27) and whether the place is "repeating". One rule
 * for the flag on queue rows, the complaint page, the place page and the insights' list (decision
 * 46): REPEAT_MIN or more complaints of one category at the place in the last REPEAT_DAYS days,
 * confidential ones never counted.
 */

export const REPEAT_MIN = 3;
export const REPEAT_DAYS = 30;

/** Where a complaint is, as the console links it: its place's page is /staff/places/<hostelCode>/<ref>. */
export const placeLinkSchema = z
  .object({
    hostelCode: z.string(),
    ref: z.string().describe('The room number, or the common area code'),
    label: z.string().describe('"Room 214", or the common area\'s name'),
  })
  .meta({ id: 'PlaceLink' });
export type PlaceLink = z.infer<typeof placeLinkSchema>;

/** What the queue and the complaint page add to a complaint about its place. */
export const placeFactsSchema = z.object({
  place: placeLinkSchema.nullable().describe('Null when the complaint names no place staff may see (a confidential report)'),
  repeating: z
    .boolean()
    .describe(`Its place has ${REPEAT_MIN} or more complaints of its category in the last ${REPEAT_DAYS} days (confidential ones not counted)`),
});
export type PlaceFacts = z.infer<typeof placeFactsSchema>;

