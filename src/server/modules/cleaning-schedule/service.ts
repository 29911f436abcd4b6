import { and, asc, count, desc, eq, gte, inArray, isNull, lte, notExists, or, sql } from 'drizzle-orm';
import { CLEANING_MARK_DAYS_BACK, CLEANING_UNDO_MINUTES, CLEANING_WEEKS_AHEAD, dayLabel, slotText, WEEKDAY_NAMES, type CleaningBooking, type CleaningBookingCreate, type CleaningDay, type CleaningDayItem, type CleaningSlotAdmin, type CleaningSlotCreate, type CleaningSlotOffer, type CleaningWeek } from '../../../shared/cleaning-schedule.js';
import { addDays, dayIn, nextWeekday, timeIn, weekdayName as weekdayOn, weekdayOf } from '../../../shared/time.js';
import { checkServicePlace, floorFromRoomNumber, localName, serviceByKey, type PublicCatalog } from '../../../shared/catalog.js';
import { SOURCE_LOCALE, type CleaningVisitOutcome, type Locale } from '../../../shared/constants.js';
import { INTL_LOCALE } from '../../../shared/locale.js';
import { fromZonedInputValue } from '../../../shared/time.js';
import type { Db, Tx } from '../../db/client.js';
import {
  cleaningBookings,
  cleaningSkips,
  cleaningSlots,
  cleaningVisits,
  hostels,
  users,
  type CleaningBookingRow,
  type CleaningSlotRow,
  type UserRow,
} from '../../db/schema.js';
import type { I18n } from '../../i18n/index.js';
import { AppError, forbidden } from '../../lib/errors.js';
import { inScope, loadScope } from '../access/index.js';
import { audit } from '../audit/index.js';
import type { LifecycleContext } from '../lifecycle/index.js';
import { tellCleaningVisit } from '../lifecycle/index.js';

/*
 * Cleaning on a schedule: the rules. Every day here is a calendar day on the university's clock
 * (the profile's time zone), never UTC's: at 01:30 on a Tuesday in Kolkata it is still Monday in UTC, and the
 * Tuesday list is the one the cleaners need. Callers pass `now` so the rules read one clock.
 */

/** The one-off cleaning requests are filed under this key: the same staff scopes cover the weekly visits. */
const CLEANING_SERVICE = 'room_cleaning';

export interface Clock {
  now: Date;
  timeZone: string;
}

const UNIQUE_VIOLATION = '23505';
function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return (e.code ?? e.cause?.code) === UNIQUE_VIOLATION;
}

const notFound = (message: string) => new AppError(404, 'not_found', message);

/** A slot as its reader says it (issue 28): "Every Tuesday 09:00–11:00" in English, the same in Hindi. */
function slotFor(i18n: I18n, slot: SlotTimes): string {
  if (i18n.locale === SOURCE_LOCALE) return slotText(slot);
  return i18n._('Every {weekday} {from}–{to}', { weekday: weekdayName(i18n, slot.weekday), from: slot.startTime, to: slot.endTime });
}

/** A weekday's name in the reader's language: 1 January 2024 was a Monday. */
const weekdayName = (i18n: I18n, weekday: number) => weekdayOn(weekday, INTL_LOCALE[i18n.locale as Locale] ?? i18n.locale);

/** "Tue 1 Dec" in English; in another language its own words. */
const dayFor = (i18n: I18n, day: string) => (i18n.locale === SOURCE_LOCALE ? dayLabel(day) : dayLabel(day, INTL_LOCALE[i18n.locale as Locale]));

/** The first instant of `day` on the clock's zone. */
const startOfDay = (day: string, timeZone: string): Date => {
  const at = fromZonedInputValue(`${day}T00:00`, timeZone);
  if (!at) throw new Error(`unreachable: ${day} is a day`);
  return at;
};

// ---------------------------------------------------------------------------------------------
// Admin: slots

async function activeCounts(db: Pick<Db, 'select'>, slotIds: readonly string[]): Promise<Map<string, number>> {
  if (!slotIds.length) return new Map();
  const rows = await db
    .select({ slotId: cleaningBookings.slotId, n: count() })
    .from(cleaningBookings)
    .where(and(inArray(cleaningBookings.slotId, [...slotIds]), isNull(cleaningBookings.cancelledAt)))
    .groupBy(cleaningBookings.slotId);
  return new Map(rows.map((r) => [r.slotId, Number(r.n)]));
}

function toSlotAdmin(slot: CleaningSlotRow, hostel: string, booked: number): CleaningSlotAdmin {
  return {
    id: slot.id,
    hostelId: slot.hostelId,
    hostel,
    weekday: slot.weekday,
    startTime: slot.startTime,
    endTime: slot.endTime,
    capacity: slot.capacity,
    booked,
    retired: slot.retiredAt !== null,
    text: slotText(slot),
  };
}

export async function listSlotsForAdmin(db: Db, hostelId?: string): Promise<CleaningSlotAdmin[]> {
  const rows = await db
    .select({ slot: cleaningSlots, hostel: hostels.name })
    .from(cleaningSlots)
    .innerJoin(hostels, eq(hostels.id, cleaningSlots.hostelId))
    .where(hostelId ? eq(cleaningSlots.hostelId, hostelId) : undefined)
    .orderBy(asc(hostels.position), asc(cleaningSlots.weekday), asc(cleaningSlots.startTime), asc(cleaningSlots.endTime));
  const counts = await activeCounts(db, rows.map((r) => r.slot.id));
  return rows.map((r) => toSlotAdmin(r.slot, r.hostel, counts.get(r.slot.id) ?? 0));
}

/** An offered slot the same as another (hostel, day, start and end): two of them would split one round of the cleaners. */
async function refuseDuplicate(tx: Tx, slot: Pick<CleaningSlotRow, 'hostelId' | 'weekday' | 'startTime' | 'endTime'>, except?: string): Promise<void> {
  const [same] = await tx
    .select({ id: cleaningSlots.id })
    .from(cleaningSlots)
    .where(
      and(
        eq(cleaningSlots.hostelId, slot.hostelId),
        eq(cleaningSlots.weekday, slot.weekday),
        eq(cleaningSlots.startTime, slot.startTime),
        eq(cleaningSlots.endTime, slot.endTime),
        isNull(cleaningSlots.retiredAt),
        except ? sql`${cleaningSlots.id} <> ${except}` : undefined,
      ),
    )
    .limit(1);
  if (same) {
    throw AppError.withValues(409, 'slot_exists', /*i18n*/ 'This hostel already offers {slot}.', (i18n) => ({ slot: slotFor(i18n, slot) }), {
      startTime: /*i18n*/ 'Already offered',
    });
  }
}

export async function createSlot(db: Db, actor: UserRow, input: CleaningSlotCreate): Promise<CleaningSlotAdmin> {
  return db.transaction(async (tx) => {
    // Slots of one hostel are added one at a time, so two admins adding the same slot make one.
    const [hostel] = await tx.select().from(hostels).where(eq(hostels.id, input.hostelId)).for('no key update');
    if (!hostel) throw new AppError(404, 'not_found', /*i18n*/ 'That hostel was not found.', { hostelId: 'Choose a hostel' });
    if (hostel.retiredAt) {
      throw AppError.withValues(409, 'hostel_retired', /*i18n*/ '{hostel} is retired: bring it back before offering cleaning there.', (i18n) => ({
        hostel: localName(i18n.locale, hostel, 'name'),
      }));
    }
    await refuseDuplicate(tx, input);
    const [slot] = await tx
      .insert(cleaningSlots)
      .values({ hostelId: hostel.id, weekday: input.weekday, startTime: input.startTime, endTime: input.endTime, capacity: input.capacity })
      .returning();
    if (!slot) throw new Error('unreachable: insert returned nothing');
    await audit(tx, { actorId: actor.id, action: 'cleaning_slot.create', targetType: 'cleaning_slot', targetId: slot.id, details: { after: { hostel: hostel.name, text: slotText(slot), capacity: slot.capacity } } });
    return toSlotAdmin(slot, hostel.name, 0);
  });
}

/** Retires a slot (no visits from today on; bookings stay so their students see why) or brings one back. */
export async function setSlotRetired(db: Db, actor: UserRow, id: string, retired: boolean): Promise<CleaningSlotAdmin> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ slot: cleaningSlots, hostel: hostels.name })
      .from(cleaningSlots)
      .innerJoin(hostels, eq(hostels.id, cleaningSlots.hostelId))
      .where(eq(cleaningSlots.id, id))
      .for('no key update', { of: cleaningSlots });
    if (!row) throw notFound(/*i18n*/ 'That slot was not found.');
    let slot = row.slot;
    if ((slot.retiredAt !== null) !== retired) {
      if (!retired) await refuseDuplicate(tx, slot, slot.id);
      const [changed] = await tx
        .update(cleaningSlots)
        .set({ retiredAt: retired ? new Date() : null, updatedAt: new Date() })
        .where(eq(cleaningSlots.id, id))
        .returning();
      if (!changed) throw new Error('unreachable: the slot is locked');
      slot = changed;
      await audit(tx, {
        actorId: actor.id,
        action: retired ? 'cleaning_slot.retire' : 'cleaning_slot.restore',
        targetType: 'cleaning_slot',
        targetId: slot.id,
        details: { hostel: row.hostel, text: slotText(slot) },
      });
    }
    const counts = await activeCounts(tx, [slot.id]);
    return toSlotAdmin(slot, row.hostel, counts.get(slot.id) ?? 0);
  });
}

// ---------------------------------------------------------------------------------------------
// Students: offers and bookings

type SlotTimes = Pick<CleaningSlotRow, 'weekday' | 'startTime' | 'endTime'>;

/**
 * The first day a visit in `slot` can still happen: today when it is the slot's day and the slot
 * has not started, otherwise the slot's next day. A booking made now starts then, and a skip can
 * be taken back until then.
 */
export function firstUpcoming(slot: SlotTimes, clock: Clock): string {
  const today = dayIn(clock.now, clock.timeZone);
  if (weekdayOf(today) === slot.weekday && timeIn(clock.now, clock.timeZone) < slot.startTime) return today;
  return nextWeekday(addDays(today, 1), slot.weekday);
}

export async function slotOffers(db: Db, catalog: PublicCatalog, hostelName: string, clock: Clock): Promise<CleaningSlotOffer[]> {
  if (!catalog.hostels.some((h) => h.name === hostelName)) throw new AppError(404, 'not_found', /*i18n*/ 'Choose your hostel.', { hostel: 'Choose your hostel' });
  const rows = await db
    .select({ slot: cleaningSlots })
    .from(cleaningSlots)
    .innerJoin(hostels, eq(hostels.id, cleaningSlots.hostelId))
    .where(and(eq(hostels.name, hostelName), isNull(cleaningSlots.retiredAt), isNull(hostels.retiredAt)))
    .orderBy(asc(cleaningSlots.weekday), asc(cleaningSlots.startTime));
  const counts = await activeCounts(db, rows.map((r) => r.slot.id));
  return rows.map(({ slot }) => {
    const next = firstUpcoming(slot, clock);
    return {
      id: slot.id,
      weekday: slot.weekday,
      startTime: slot.startTime,
      endTime: slot.endTime,
      text: slotText(slot),
      placesLeft: slot.capacity === null ? null : Math.max(0, slot.capacity - (counts.get(slot.id) ?? 0)),
      next,
      nextText: dayLabel(next),
    };
  });
}

interface BookingRecord {
  booking: CleaningBookingRow;
  slot: CleaningSlotRow;
  hostel: string;
}

async function bookingViews(db: Pick<Db, 'select'>, records: readonly BookingRecord[], clock: Clock): Promise<CleaningBooking[]> {
  if (!records.length) return [];
  const ids = records.map((r) => r.booking.id);
  const today = dayIn(clock.now, clock.timeZone);
  const [skips, visits] = await Promise.all([
    db.select().from(cleaningSkips).where(and(inArray(cleaningSkips.bookingId, ids), gte(cleaningSkips.on, today))),
    db
      .select()
      .from(cleaningVisits)
      .where(and(inArray(cleaningVisits.bookingId, ids), gte(cleaningVisits.on, addDays(today, -7 * CLEANING_WEEKS_AHEAD))))
      .orderBy(desc(cleaningVisits.on)),
  ]);
  return records.map(({ booking, slot, hostel }) => {
    const skipped = new Set(skips.filter((s) => s.bookingId === booking.id).map((s) => s.on));
    const mine = visits.filter((v) => v.bookingId === booking.id);
    const visitOn = (on: string) => {
      const v = mine.find((m) => m.on === on);
      return v ? { outcome: v.outcome, reason: v.reason, markedAt: v.markedAt.toISOString() } : null;
    };
    const live = booking.cancelledAt === null && slot.retiredAt === null;
    let first = firstUpcoming(slot, clock);
    if (first < booking.startsOn) first = nextWeekday(booking.startsOn, slot.weekday);
    const weeks: CleaningWeek[] = live
      ? Array.from({ length: CLEANING_WEEKS_AHEAD }, (_, i) => {
          const on = addDays(first, 7 * i);
          return { on, text: dayLabel(on), skipped: skipped.has(on), visit: visitOn(on) };
        })
      : [];
    const undoUntil =
      booking.cancelledAt && clock.now.getTime() < booking.cancelledAt.getTime() + CLEANING_UNDO_MINUTES * 60_000 && slot.retiredAt === null
        ? new Date(booking.cancelledAt.getTime() + CLEANING_UNDO_MINUTES * 60_000).toISOString()
        : null;
    return {
      id: booking.id,
      hostel,
      floor: booking.floor,
      roomNo: booking.roomNo,
      weekday: slot.weekday,
      startTime: slot.startTime,
      endTime: slot.endTime,
      text: slotText(slot),
      startsOn: booking.startsOn,
      cancelled: booking.cancelledAt !== null,
      undoUntil,
      slotRetired: slot.retiredAt !== null,
      next: weeks.find((w) => !w.skipped) ?? null,
      weeks,
      recent: mine.slice(0, 4).map((v) => ({ on: v.on, text: dayLabel(v.on), skipped: false, visit: visitOn(v.on) })),
    };
  });
}

const bookingSelect = { booking: cleaningBookings, slot: cleaningSlots, hostel: hostels.name };

/**
 * The student's bookings: those in force, and those cancelled in the last day (the page offers
 * Undo for a while and then says it ended).
 */
export async function listBookings(db: Db, student: UserRow, clock: Clock): Promise<CleaningBooking[]> {
  const since = new Date(clock.now.getTime() - 24 * 3_600_000);
  const rows = await db
    .select(bookingSelect)
    .from(cleaningBookings)
    .innerJoin(cleaningSlots, eq(cleaningSlots.id, cleaningBookings.slotId))
    .innerJoin(hostels, eq(hostels.id, cleaningSlots.hostelId))
    .where(and(eq(cleaningBookings.studentId, student.id), or(isNull(cleaningBookings.cancelledAt), gte(cleaningBookings.cancelledAt, since))))
    .orderBy(asc(cleaningSlots.weekday), asc(cleaningSlots.startTime), asc(cleaningBookings.createdAt));
  return bookingViews(db, rows, clock);
}

async function ownBooking(db: Pick<Db, 'select'>, student: UserRow, id: string, lock = false): Promise<BookingRecord> {
  const query = db
    .select(bookingSelect)
    .from(cleaningBookings)
    .innerJoin(cleaningSlots, eq(cleaningSlots.id, cleaningBookings.slotId))
    .innerJoin(hostels, eq(hostels.id, cleaningSlots.hostelId))
    .where(and(eq(cleaningBookings.id, id), eq(cleaningBookings.studentId, student.id)));
  // Someone else's booking is "not found", never "forbidden": its id says nothing.
  const [row] = lock ? await query.for('no key update', { of: cleaningBookings }) : await query;
  if (!row) throw notFound(/*i18n*/ 'That booking was not found.');
  return row;
}

/** Takes the place when there is one: the slot row is locked, so two students asking for the last place get one each way. */
async function claimPlace(tx: Tx, slotId: string): Promise<CleaningSlotRow & { hostel: string; hostelRetired: boolean }> {
  const [row] = await tx
    .select({ slot: cleaningSlots, hostel: hostels.name, hostelRetired: hostels.retiredAt })
    .from(cleaningSlots)
    .innerJoin(hostels, eq(hostels.id, cleaningSlots.hostelId))
    .where(eq(cleaningSlots.id, slotId))
    .for('update', { of: cleaningSlots });
  if (!row) throw new AppError(404, 'not_found', /*i18n*/ 'That cleaning time was not found.', { slotId: 'Choose a time' });
  const { slot } = row;
  if (slot.retiredAt || row.hostelRetired) {
    throw AppError.withValues(409, 'slot_retired', /*i18n*/ '{slot} is no longer offered.', (i18n) => ({ slot: slotFor(i18n, slot) }), {
      slotId: /*i18n*/ 'No longer offered',
    });
  }
  if (slot.capacity !== null) {
    const [taken] = await tx
      .select({ n: count() })
      .from(cleaningBookings)
      .where(and(eq(cleaningBookings.slotId, slot.id), isNull(cleaningBookings.cancelledAt)));
    if (Number(taken?.n ?? 0) >= slot.capacity) {
      throw AppError.withValues(409, 'slot_full', /*i18n*/ '{slot} is full: choose another time.', (i18n) => ({ slot: slotFor(i18n, slot) }), {
        slotId: /*i18n*/ 'Full',
      });
    }
  }
  return { ...slot, hostel: row.hostel, hostelRetired: row.hostelRetired !== null };
}

const alreadyBooked = (slot: SlotTimes) =>
  AppError.withValues(409, 'already_booked', /*i18n*/ 'You already have {slot} booked.', (i18n) => ({ slot: slotFor(i18n, slot) }), {
    slotId: /*i18n*/ 'Already booked',
  });

export async function book(db: Db, catalog: PublicCatalog, student: UserRow, input: CleaningBookingCreate, clock: Clock): Promise<CleaningBooking> {
  const service = serviceByKey(catalog, CLEANING_SERVICE);
  if (!service?.enabled) {
    const message = `${service?.label ?? 'Room Cleaning'} is coming soon: it cannot be requested yet.`;
    throw new AppError(409, 'service_unavailable', message, { service: message });
  }
  // The same rules and words as a one-off cleaning request (seed §5).
  const problems = checkServicePlace(catalog, { service: CLEANING_SERVICE, hostel: input.hostel, roomNo: input.roomNo });
  const first = Object.values(problems)[0];
  if (first) throw new AppError(400, 'validation_failed', first, problems);
  try {
    const id = await db.transaction(async (tx) => {
      const slot = await claimPlace(tx, input.slotId);
      if (slot.hostel !== input.hostel) throw new AppError(400, 'validation_failed', /*i18n*/ 'Choose a time your hostel offers.', { slotId: 'Choose a time your hostel offers' });
      const [mine] = await tx
        .select({ id: cleaningBookings.id })
        .from(cleaningBookings)
        .where(and(eq(cleaningBookings.studentId, student.id), eq(cleaningBookings.slotId, slot.id), isNull(cleaningBookings.cancelledAt)))
        .limit(1);
      if (mine) throw alreadyBooked(slot);
      const [row] = await tx
        .insert(cleaningBookings)
        .values({
          studentId: student.id,
          slotId: slot.id,
          // Seed §3: a cleaning request's floor is the first digit of its room number.
          floor: floorFromRoomNumber(input.roomNo),
          roomNo: String(input.roomNo),
          startsOn: firstUpcoming(slot, clock),
        })
        .returning({ id: cleaningBookings.id });
      if (!row) throw new Error('unreachable: insert returned nothing');
      return row.id;
    });
    const [view] = await bookingViews(db, [await ownBooking(db, student, id)], clock);
    if (!view) throw new Error('unreachable: just booked');
    return view;
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, 'already_booked', /*i18n*/ 'You already have this time booked.', { slotId: 'Already booked' });
    throw error;
  }
}

async function viewOf(db: Db, student: UserRow, id: string, clock: Clock): Promise<CleaningBooking> {
  const [view] = await bookingViews(db, [await ownBooking(db, student, id)], clock);
  if (!view) throw new Error('unreachable: the booking was read');
  return view;
}

/** Skips one coming week (or takes the skip back): only a week the booking page offers. */
export async function setSkip(db: Db, student: UserRow, id: string, on: string, skip: boolean, clock: Clock): Promise<CleaningBooking> {
  await db.transaction(async (tx) => {
    const { booking, slot } = await ownBooking(tx, student, id, true);
    if (booking.cancelledAt || slot.retiredAt) throw new AppError(409, 'booking_cancelled', /*i18n*/ 'This booking has ended: there is no week to skip.');
    const [view] = await bookingViews(tx, [{ booking, slot, hostel: '' }], clock);
    const week = view?.weeks.find((w) => w.on === on);
    if (!week) {
      throw AppError.withValues(
        409,
        'not_a_coming_week',
        /*i18n*/ 'You can skip one of the next {count} {weekday} {from}–{to} visits.',
        (i18n) => ({
          count: CLEANING_WEEKS_AHEAD,
          weekday: i18n.locale === SOURCE_LOCALE ? (WEEKDAY_NAMES[slot.weekday - 1] ?? '') : weekdayName(i18n, slot.weekday),
          from: slot.startTime,
          to: slot.endTime,
        }),
        { on: /*i18n*/ 'Not a coming visit' },
      );
    }
    if (week.visit) {
      throw AppError.withValues(409, 'already_marked', /*i18n*/ 'The staff already marked {day}.', (i18n) => ({ day: dayFor(i18n, on) }), {
        on: /*i18n*/ 'Already marked',
      });
    }
    if (skip) await tx.insert(cleaningSkips).values({ bookingId: booking.id, on }).onConflictDoNothing();
    else await tx.delete(cleaningSkips).where(and(eq(cleaningSkips.bookingId, booking.id), eq(cleaningSkips.on, on)));
  });
  return viewOf(db, student, id, clock);
}

export async function cancelBooking(db: Db, student: UserRow, id: string, clock: Clock): Promise<CleaningBooking> {
  await db.transaction(async (tx) => {
    const { booking } = await ownBooking(tx, student, id, true);
    if (booking.cancelledAt) return;
    await tx.update(cleaningBookings).set({ cancelledAt: clock.now, updatedAt: clock.now }).where(eq(cleaningBookings.id, booking.id));
  });
  return viewOf(db, student, id, clock);
}

/** Undo of a cancellation, for a few minutes: the place is taken again only when it is still free. */
export async function restoreBooking(db: Db, student: UserRow, id: string, clock: Clock): Promise<CleaningBooking> {
  try {
    await db.transaction(async (tx) => {
      const { booking } = await ownBooking(tx, student, id, true);
      if (!booking.cancelledAt) return;
      if (clock.now.getTime() >= booking.cancelledAt.getTime() + CLEANING_UNDO_MINUTES * 60_000) {
        throw new AppError(409, 'undo_expired', /*i18n*/ 'It is too late to undo: book the time again.');
      }
      const slot = await claimPlace(tx, booking.slotId);
      const [other] = await tx
        .select({ id: cleaningBookings.id })
        .from(cleaningBookings)
        .where(and(eq(cleaningBookings.studentId, student.id), eq(cleaningBookings.slotId, slot.id), isNull(cleaningBookings.cancelledAt)))
        .limit(1);
      if (other) throw alreadyBooked(slot);
      await tx.update(cleaningBookings).set({ cancelledAt: null, updatedAt: clock.now }).where(eq(cleaningBookings.id, booking.id));
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, 'already_booked', /*i18n*/ 'You already have this time booked.');
    throw error;
  }
  return viewOf(db, student, id, clock);
}

// ---------------------------------------------------------------------------------------------
// Staff: the day's list and marking it

/** The hostels whose weekly cleaning the user works: those their scope covers for room cleaning (all for admins). */
async function cleaningHostels(db: Pick<Db, 'select'>, user: UserRow): Promise<string[] | 'all'> {
  const scope = await loadScope(db, user);
  if (scope.all) return 'all';
  const names = await db.select({ name: hostels.name }).from(hostels);
  const covered = names.map((h) => h.name).filter((hostel) => inScope(scope, { category: CLEANING_SERVICE, hostel }));
  if (!covered.length) throw forbidden(/*i18n*/ 'Weekly cleaning lists are for the staff who do room cleaning.');
  return covered;
}

/**
 * The bookings due on `day`: the slot falls on that weekday, the booking had started and was not
 * cancelled before the day began, the slot was not retired before it, and the student did not skip it.
 */
function dueOn(day: string, timeZone: string) {
  const dayEnds = startOfDay(addDays(day, 1), timeZone);
  return and(
    eq(cleaningSlots.weekday, weekdayOf(day)),
    lte(cleaningBookings.startsOn, day),
    or(isNull(cleaningBookings.cancelledAt), gte(cleaningBookings.cancelledAt, dayEnds)),
    or(isNull(cleaningSlots.retiredAt), gte(cleaningSlots.retiredAt, dayEnds)),
    notExists(
      sql`(select 1 from ${cleaningSkips} where ${cleaningSkips.bookingId} = ${cleaningBookings.id} and ${cleaningSkips.on} = ${day})`,
    ),
  );
}

export async function dayList(db: Db, user: UserRow, day: string | undefined, clock: Clock): Promise<CleaningDay> {
  const today = dayIn(clock.now, clock.timeZone);
  const date = day ?? today;
  const covered = await cleaningHostels(db, user);
  const rows = await db
    .select({
      bookingId: cleaningBookings.id,
      hostel: hostels.name,
      floor: cleaningBookings.floor,
      roomNo: cleaningBookings.roomNo,
      startTime: cleaningSlots.startTime,
      endTime: cleaningSlots.endTime,
      studentName: users.name,
      visit: cleaningVisits,
    })
    .from(cleaningBookings)
    .innerJoin(cleaningSlots, eq(cleaningSlots.id, cleaningBookings.slotId))
    .innerJoin(hostels, eq(hostels.id, cleaningSlots.hostelId))
    .innerJoin(users, eq(users.id, cleaningBookings.studentId))
    .leftJoin(cleaningVisits, and(eq(cleaningVisits.bookingId, cleaningBookings.id), eq(cleaningVisits.on, date)))
    .where(and(dueOn(date, clock.timeZone), covered === 'all' ? undefined : inArray(hostels.name, covered)))
    .orderBy(asc(hostels.position), asc(hostels.name), asc(cleaningBookings.floor), asc(cleaningSlots.startTime), sql`length(${cleaningBookings.roomNo})`, asc(cleaningBookings.roomNo));
  const grouped: CleaningDay['hostels'] = [];
  for (const row of rows) {
    let hostel = grouped.at(-1);
    if (hostel?.hostel !== row.hostel) grouped.push((hostel = { hostel: row.hostel, floors: [] }));
    let floor = hostel.floors.at(-1);
    if (floor?.floor !== row.floor) hostel.floors.push((floor = { floor: row.floor, items: [] }));
    floor.items.push({
      bookingId: row.bookingId,
      roomNo: row.roomNo,
      startTime: row.startTime,
      endTime: row.endTime,
      studentName: row.studentName,
      visit: row.visit ? { outcome: row.visit.outcome, reason: row.visit.reason, markedAt: row.visit.markedAt.toISOString() } : null,
    });
  }
  return { date, text: dayLabel(date), today, timeZone: clock.timeZone, hostels: grouped };
}

export interface Marking {
  bookingId: string;
  on: string;
  outcome: CleaningVisitOutcome;
  reason: string;
}

/**
 * Records what the cleaning staff found for one booking on one day: one row per booking and day,
 * marking again changes it. The student is told when the outcome is new or changed (not when
 * the same outcome is marked twice, nor when only the wording of a reason changes).
 */
export async function markVisit(ctx: LifecycleContext, user: UserRow, input: Marking, clock: Clock): Promise<{ item: CleaningDayItem; told: boolean }> {
  const today = dayIn(clock.now, clock.timeZone);
  const reason = input.outcome === 'done' ? '' : input.reason.trim();
  return ctx.transaction(async (tx) => {
    const [row] = await tx
      .select({ ...bookingSelect, student: { id: users.id, email: users.email, name: users.name } })
      .from(cleaningBookings)
      .innerJoin(cleaningSlots, eq(cleaningSlots.id, cleaningBookings.slotId))
      .innerJoin(hostels, eq(hostels.id, cleaningSlots.hostelId))
      .innerJoin(users, eq(users.id, cleaningBookings.studentId))
      .where(eq(cleaningBookings.id, input.bookingId));
    if (!row) throw notFound(/*i18n*/ 'That booking was not found.');
    const covered = await cleaningHostels(tx, user);
    if (covered !== 'all' && !covered.includes(row.hostel)) throw forbidden(/*i18n*/ 'This room is not in the hostels whose cleaning you do.');
    if (input.on > today) {
      throw AppError.withValues(409, 'not_yet', /*i18n*/ 'You can mark {day} on the day or after.', (i18n) => ({ day: dayFor(i18n, input.on) }), {
        on: /*i18n*/ 'Not yet',
      });
    }
    if (input.on < addDays(today, -CLEANING_MARK_DAYS_BACK)) {
      throw AppError.withValues(409, 'too_late', /*i18n*/ 'Days more than {count} days ago can no longer be marked.', () => ({ count: CLEANING_MARK_DAYS_BACK }), {
        on: /*i18n*/ 'Too long ago',
      });
    }
    const [due] = await tx
      .select({ id: cleaningBookings.id })
      .from(cleaningBookings)
      .innerJoin(cleaningSlots, eq(cleaningSlots.id, cleaningBookings.slotId))
      .where(and(eq(cleaningBookings.id, row.booking.id), dueOn(input.on, clock.timeZone)));
    if (!due) {
      throw AppError.withValues(
        409,
        'not_due',
        /*i18n*/ 'Room {room} is not on the cleaning list of {day}.',
        (i18n) => ({ room: row.booking.roomNo, day: dayFor(i18n, input.on) }),
        { on: /*i18n*/ 'Not on that day’s list' },
      );
    }

    const values = { outcome: input.outcome, reason, markedBy: user.id, markedAt: clock.now };
    const [inserted] = await tx
      .insert(cleaningVisits)
      .values({ bookingId: row.booking.id, on: input.on, ...values })
      .onConflictDoNothing()
      .returning();
    let visit = inserted;
    let changed = true;
    if (!visit) {
      const [before] = await tx
        .select()
        .from(cleaningVisits)
        .where(and(eq(cleaningVisits.bookingId, row.booking.id), eq(cleaningVisits.on, input.on)))
        .for('update');
      if (!before) throw new Error('unreachable: the insert met this row');
      changed = before.outcome !== input.outcome;
      [visit] = before.outcome === input.outcome && before.reason === reason
        ? [before]
        : await tx.update(cleaningVisits).set(values).where(eq(cleaningVisits.id, before.id)).returning();
    }
    if (!visit) throw new Error('unreachable: the visit was written');
    if (changed) {
      await tellCleaningVisit(tx, ctx, {
        student: row.student,
        hostel: row.hostel,
        roomNo: row.booking.roomNo,
        day: input.on,
        outcome: input.outcome,
        reason,
      });
    }
    return {
      item: {
        bookingId: row.booking.id,
        roomNo: row.booking.roomNo,
        startTime: row.slot.startTime,
        endTime: row.slot.endTime,
        studentName: row.student.name,
        visit: { outcome: visit.outcome, reason: visit.reason, markedAt: visit.markedAt.toISOString() },
      },
      told: changed,
    };
  });
}
