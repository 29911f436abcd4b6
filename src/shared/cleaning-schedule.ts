import { z } from 'zod';
import { dayText, utcOf, weekdayOf } from './time.js';
import { CLEANING_VISIT_OUTCOMES } from './constants.js';
import { VALID_ROOM_MESSAGE } from './catalog.js';
import { FIRST_DATE, LAST_DATE } from './text.js';
import { valued } from './valued-message.js';

/*
 * Cleaning on a schedule (issue 27): a hostel's weekly slots, a student's recurring booking of one
 * for their room, the weeks they skip, and what the cleaning staff marked on a day. Days are
 * calendar days on the university's clock (the profile's time zone), written 'YYYY-MM-DD'; weekdays are ISO
 * (1 Monday … 7 Sunday).
 */

export const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
const SHORT_WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** How many coming weeks a student may skip ahead, and the booking page lists. */
export const CLEANING_WEEKS_AHEAD = 4;
/** How far back staff may still mark a day (a list finished late), in days. */
export const CLEANING_MARK_DAYS_BACK = 7;
/** How long a cancelled booking can be brought back with Undo. */
export const CLEANING_UNDO_MINUTES = 10;
export const CLEANING_REASON_MAX_LENGTH = 300;

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * A real calendar day 'YYYY-MM-DD' (2026-02-30 is not one) in the years the portal takes dates in:
 * 0000-01-01 is a day to JavaScript, but PostgreSQL has no year 0 and refuses it.
 */
export function isDay(value: string): boolean {
  if (!DAY_PATTERN.test(value) || value < FIRST_DATE || value > LAST_DATE) return false;
  const at = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === value;
}

/** "Tue 1 Dec"; in another language `intlLocale`'s words ("मंगल, 1 दिस॰" in 'hi-IN'). */
export function dayLabel(day: string, intlLocale = 'en-GB'): string {
  const at = utcOf(day);
  // English keeps its own short names: Intl's en-GB writes September "Sept".
  if (intlLocale !== 'en-GB') return dayText(at, 'UTC', intlLocale);
  return `${SHORT_WEEKDAYS[weekdayOf(day) - 1] ?? ''} ${at.getUTCDate()} ${SHORT_MONTHS[at.getUTCMonth()] ?? ''}`;
}

/** "Every Tuesday 09:00–11:00". */
export const slotText = (slot: { weekday: number; startTime: string; endTime: string }) =>
  `Every ${WEEKDAY_NAMES[slot.weekday - 1] ?? ''} ${slot.startTime}–${slot.endTime}`;

// ---------------------------------------------------------------------------------------------
// Admin: a hostel's slots

const timeField = (message: string) => z.string().regex(TIME_PATTERN, message);

export const cleaningSlotCreateSchema = z
  .object({
    hostelId: z.uuid(/*i18n*/ 'Choose a hostel'),
    weekday: z.number({ error: /*i18n*/ 'Choose a day of the week' }).int().min(1, /*i18n*/ 'Choose a day of the week').max(7, /*i18n*/ 'Choose a day of the week'),
    startTime: timeField(/*i18n*/ 'Start must be a time of day such as 09:00'),
    endTime: timeField(/*i18n*/ 'End must be a time of day such as 09:00'),
    capacity: z
      .number({ error: /*i18n*/ 'Capacity must be a whole number of rooms' })
      .int(/*i18n*/ 'Capacity must be a whole number of rooms')
      .min(1, /*i18n*/ 'Capacity must be at least 1 room')
      .max(10_000, /*i18n*/ 'Capacity must be at most 10000 rooms')
      .nullable()
      .describe('How many rooms the staff can do in it; null: no limit'),
  })
  .refine((s) => s.startTime < s.endTime, { message: /*i18n*/ 'The slot must end after it starts', path: ['endTime'] })
  .meta({ id: 'CleaningSlotCreate' });
export type CleaningSlotCreate = z.infer<typeof cleaningSlotCreateSchema>;

export const cleaningSlotAdminSchema = z
  .object({
    id: z.string(),
    hostelId: z.string(),
    hostel: z.string(),
    weekday: z.number().int(),
    startTime: z.string(),
    endTime: z.string(),
    capacity: z.number().int().nullable(),
    booked: z.number().int().describe('Bookings in force'),
    retired: z.boolean(),
    text: z.string().describe('"Every Tuesday 09:00–11:00"'),
  })
  .meta({ id: 'CleaningSlotAdmin' });
export type CleaningSlotAdmin = z.infer<typeof cleaningSlotAdminSchema>;

export const cleaningSlotAdminListSchema = z.object({ items: z.array(cleaningSlotAdminSchema) }).meta({ id: 'CleaningSlotAdminList' });

// ---------------------------------------------------------------------------------------------
// Student: the slots on offer, bookings, skips

export const cleaningSlotsQuerySchema = z.object({ hostel: z.string().min(1).max(100) });

export const cleaningSlotOfferSchema = z
  .object({
    id: z.string(),
    weekday: z.number().int(),
    startTime: z.string(),
    endTime: z.string(),
    text: z.string(),
    placesLeft: z.number().int().nullable().describe('null: no limit'),
    next: z.string().describe('The first day a booking made now would be cleaned'),
    nextText: z.string(),
  })
  .meta({ id: 'CleaningSlotOffer' });
export type CleaningSlotOffer = z.infer<typeof cleaningSlotOfferSchema>;
export const cleaningSlotOfferListSchema = z.object({ items: z.array(cleaningSlotOfferSchema) }).meta({ id: 'CleaningSlotOfferList' });

export const cleaningBookingCreateSchema = z
  .object({
    slotId: z.uuid(/*i18n*/ 'Choose a time'),
    hostel: z.string().min(1, /*i18n*/ 'Choose your hostel').max(100),
    roomNo: z.number({ error: VALID_ROOM_MESSAGE }).int(VALID_ROOM_MESSAGE).min(0, VALID_ROOM_MESSAGE).max(999_999, VALID_ROOM_MESSAGE),
  })
  .meta({ id: 'CleaningBookingCreate' });
export type CleaningBookingCreate = z.infer<typeof cleaningBookingCreateSchema>;

const visitSchema = z.object({
  outcome: z.enum(CLEANING_VISIT_OUTCOMES),
  reason: z.string(),
  markedAt: z.string(),
});

export const cleaningWeekSchema = z.object({
  on: z.string(),
  text: z.string().describe('"Tue 1 Dec"'),
  skipped: z.boolean(),
  visit: visitSchema.nullable(),
});
export type CleaningWeek = z.infer<typeof cleaningWeekSchema>;

export const cleaningBookingSchema = z
  .object({
    id: z.string(),
    hostel: z.string(),
    floor: z.number().int(),
    roomNo: z.string(),
    weekday: z.number().int(),
    startTime: z.string(),
    endTime: z.string(),
    text: z.string().describe('"Every Tuesday 09:00–11:00"'),
    startsOn: z.string(),
    cancelled: z.boolean(),
    /** Until when Undo brings a cancelled booking back (ISO instant), null when it cannot. */
    undoUntil: z.string().nullable(),
    slotRetired: z.boolean(),
    next: cleaningWeekSchema.nullable().describe('The next day a visit is due (skipped weeks passed over)'),
    weeks: z.array(cleaningWeekSchema).describe('The coming weeks, skipped or not'),
    recent: z.array(cleaningWeekSchema).describe('What the staff marked lately, newest first'),
  })
  .meta({ id: 'CleaningBooking' });
export type CleaningBooking = z.infer<typeof cleaningBookingSchema>;
export const cleaningBookingListSchema = z.object({ items: z.array(cleaningBookingSchema), timeZone: z.string() }).meta({ id: 'CleaningBookingList' });

export const cleaningBookingParams = z.object({ id: z.uuid() });
export const cleaningSkipSchema = z.object({ on: z.string().refine(isDay, /*i18n*/ 'Choose a day such as 2026-12-01') }).meta({ id: 'CleaningSkip' });
export const cleaningSkipParams = z.object({ id: z.uuid(), on: z.string().refine(isDay, /*i18n*/ 'Choose a day such as 2026-12-01') });

// ---------------------------------------------------------------------------------------------
// Staff: the day's list and marking it

export const cleaningDayQuerySchema = z.object({
  date: z.string().refine(isDay, /*i18n*/ 'Choose a day such as 2026-12-01').optional().describe("Default: today on the university's clock"),
});

export const cleaningDayItemSchema = z.object({
  bookingId: z.string(),
  roomNo: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  studentName: z.string(),
  visit: visitSchema.nullable(),
});
export type CleaningDayItem = z.infer<typeof cleaningDayItemSchema>;

export const cleaningDaySchema = z
  .object({
    date: z.string(),
    text: z.string(),
    today: z.string(),
    timeZone: z.string(),
    hostels: z.array(
      z.object({
        hostel: z.string(),
        floors: z.array(z.object({ floor: z.number().int(), items: z.array(cleaningDayItemSchema) })),
      }),
    ),
  })
  .meta({ id: 'CleaningDay' });
export type CleaningDay = z.infer<typeof cleaningDaySchema>;

export const cleaningMarkSchema = z
  .object({
    bookingId: z.uuid(),
    on: z.string().refine(isDay, /*i18n*/ 'Choose a day such as 2026-12-01'),
    outcome: z.enum(CLEANING_VISIT_OUTCOMES),
    reason: z.string().max(CLEANING_REASON_MAX_LENGTH, valued(/*i18n*/ 'Keep the reason under {max} characters', { max: CLEANING_REASON_MAX_LENGTH })).default(''),
  })
  .refine((m) => m.outcome === 'done' || m.reason.trim() !== '', { message: /*i18n*/ 'Say why it was not possible', path: ['reason'] })
  .meta({ id: 'CleaningMark' });
export type CleaningMark = z.input<typeof cleaningMarkSchema>;

export const cleaningMarkedSchema = z
  .object({ item: cleaningDayItemSchema, told: z.boolean().describe('The student was told (the outcome is new or changed)') })
  .meta({ id: 'CleaningMarked' });
