import { z } from 'zod';
import {
  CATEGORY_KEYS,
  CLEANING_ROOM_MAX,
  CLEANING_ROOM_MIN,
  FLOOR_MAX,
  FLOOR_MIN,
  HOSTELS,
  MESSAGE_MAX_LENGTH,
  ROOM_NO_MAX_LENGTH,
  SERVICE_KEYS,
  categoryByKey,
} from './catalog.js';

import { STATUSES } from './constants.js';

export { IDEMPOTENCY_HEADER, STATUSES, STATUS_LABELS, type ComplaintStatus } from './constants.js';

const hostel = z.enum(HOSTELS, { error: 'Choose your hostel' });

/** What a student sends to file a complaint (the same schema checks the form and the server). */
export const createComplaintSchema = z
  .object({
    category: z.enum(CATEGORY_KEYS, { error: 'Choose a category' }),
    hostel,
    floor: z
      .number({ error: 'Floor must be a number from 0 to 7' })
      .int('Floor must be a number from 0 to 7')
      .min(FLOOR_MIN, 'Floor must be a number from 0 to 7')
      .max(FLOOR_MAX, 'Floor must be a number from 0 to 7'),
    roomNo: z
      .string({ error: 'Enter your room number' })
      .trim()
      .min(1, 'Enter your room number')
      .max(ROOM_NO_MAX_LENGTH, `Room number is at most ${ROOM_NO_MAX_LENGTH} characters`)
      .regex(/^[^\p{Cc}]*$/u, 'Room number must be on one line'),
    subCategory: z.string({ error: 'Choose what kind of problem it is' }).min(1, 'Choose what kind of problem it is'),
    complaint: z
      .string({ error: 'Write what is wrong' })
      .trim()
      .min(1, 'Write what is wrong')
      .max(MESSAGE_MAX_LENGTH, `Keep it under ${MESSAGE_MAX_LENGTH} characters`),
  })
  .superRefine((value, ctx) => {
    const category = categoryByKey(value.category);
    if (category && !category.subCategories.includes(value.subCategory)) {
      ctx.addIssue({ code: 'custom', path: ['subCategory'], message: 'Choose what kind of problem it is' });
    }
  })
  .meta({ id: 'CreateComplaint' });
export type CreateComplaint = z.infer<typeof createComplaintSchema>;

export const VALID_ROOM_MESSAGE = 'Please enter valid room number';

/** What a student sends to ask for their room to be cleaned. */
export const createCleaningRequestSchema = z
  .object({
    hostel,
    service: z.enum(SERVICE_KEYS, { error: 'Choose a service' }),
    roomNo: z
      .number({ error: VALID_ROOM_MESSAGE })
      .int(VALID_ROOM_MESSAGE)
      .min(CLEANING_ROOM_MIN, VALID_ROOM_MESSAGE)
      .max(CLEANING_ROOM_MAX, VALID_ROOM_MESSAGE),
  })
  .meta({ id: 'CreateCleaningRequest' });
export type CreateCleaningRequest = z.infer<typeof createCleaningRequestSchema>;

export const timelineEntrySchema = z
  .object({
    at: z.string(),
    status: z.enum(STATUSES),
    fromStatus: z.enum(STATUSES).nullable(),
    note: z.string(),
    /** A status change, or a public reply from the staff. */
    kind: z.enum(['status', 'reply']),
    by: z.string(),
  })
  .meta({ id: 'TimelineEntry' });
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

/** A complaint as its student sees it: every field of the original payload, plus tracking. */
export const complaintSchema = z
  .object({
    number: z.string(),
    kind: z.enum(['complaint', 'cleaning']),
    category: z.string(),
    complaintHead: z.string(),
    subCategory: z.string(),
    hostel: z.string(),
    floor: z.number().int(),
    roomNo: z.string(),
    complaint: z.string(),
    fname: z.string(),
    id: z.string().describe('The student registration number (the original payload called it id)'),
    userEmail: z.string(),
    toEmail: z.string(),
    status: z.enum(STATUSES),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Complaint' });
export type Complaint = z.infer<typeof complaintSchema>;

export const complaintDetailSchema = complaintSchema
  .extend({ timeline: z.array(timelineEntrySchema) })
  .meta({ id: 'ComplaintDetail' });
export type ComplaintDetail = z.infer<typeof complaintDetailSchema>;

export const complaintListSchema = z
  .object({
    items: z.array(complaintSchema),
    nextCursor: z.string().nullable(),
  })
  .meta({ id: 'ComplaintList' });
export type ComplaintList = z.infer<typeof complaintListSchema>;

export const complaintNumberPattern = /^HC-\d{4}-\d{6,}$/;
