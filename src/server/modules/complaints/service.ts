import { createHash } from 'node:crypto';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  LAUNDRY_HEAD,
  ROOM_CLEANING_HEAD,
  categoryByKey,
  checkServicePlace,
  hostelByName,
  cleaningRequestText,
  floorFromRoomNumber,
  laundryRequestText,
  localName,
  serviceByKey,
  type FieldProblems,
  type PublicCatalog,
  type ServiceInfo,
} from '../../../shared/catalog.js';
import { checkFiledPlace } from '../../../shared/report-place.js';
import type { EntrySlot } from '../../../shared/constants.js';
import { ENTRY_NOT_ASKED } from '../../../shared/visits.js';
import { areaLabel } from '../../../shared/places.js';
import type { CommonAreaEntry } from '../catalog/index.js';
import type { RoutingTable } from '../catalog/index.js';
import type { ComplaintView, CreateCleaningRequest, CreateComplaint, CreateLaundryRequest, FollowedList, FollowedQuery } from '../../../shared/complaints.js';
import type { Db } from '../../db/client.js';
import { preparedPerDatabase } from '../../db/prepared.js';
import { complaintEvents, complaintFollowers, complaints, type ComplaintRow, type UserRow } from '../../db/schema.js';
import { decodeCursor, pageOf } from '../../lib/keyset.js';
import { AppError } from '../../lib/errors.js';
import type { LifecycleContext } from '../lifecycle/index.js';
import { recordFiling, type NewComplaint } from '../lifecycle/index.js';
import type { WorkingCalendar } from '../../../shared/working-time.js';
import { visitState } from '../visits/index.js';
import { toFollowedItem, toFollowerView, toOwnerView } from './dto.js';

export interface FilingContext extends LifecycleContext {
  /** How long the one-click links in the facility mail work. */
  actionLinkTtlMs: number;
  /** The catalogue in force: what may be filed, and how it is routed. */
  catalog: PublicCatalog;
  /** Every common area by id (the catalogue's, kept in memory: filing for one costs no query). */
  commonAreas: ReadonlyMap<string, CommonAreaEntry>;
  /** The routing rules, kept with the catalogue: finding the recipients costs no query either. */
  routing?: RoutingTable | undefined;
  /** The working calendar, kept with the catalogue: a target in working hours costs no query. */
  calendar?: WorkingCalendar | undefined;
}

export interface Filed {
  complaint: ComplaintRow;
  /** True when this was a retry of a submission already stored. */
  replayed: boolean;
}

/** Refuses what the catalogue does not allow, with the same messages the form shows. */
function refuseProblems(problems: FieldProblems): void {
  const messages = Object.values(problems);
  if (messages.length) {
    throw new AppError(400, 'validation_failed', messages[0] ?? 'Check the form', problems);
  }
}

function availableService(catalog: PublicCatalog, key: string): ServiceInfo {
  const service = serviceByKey(catalog, key);
  if (!service || !service.enabled) {
    // Issue 24: students are told it is coming, in plain words, not the original app's "Under Construction !".
    const message = `${service?.label ?? 'This service'} is coming soon: it cannot be requested yet.`;
    throw new AppError(409, 'service_unavailable', message, { service: message });
  }
  return service;
}

const hashRequest = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');

const UNIQUE_VIOLATION = '23505';
function isUniqueViolation(error: unknown, constraint: string): boolean {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const code = e.code ?? e.cause?.code;
  const name = e.constraint ?? e.cause?.constraint ?? '';
  return code === UNIQUE_VIOLATION && (name === constraint || String(error).includes(constraint));
}

// Asked before every filing that carries a key (the web always sends one): prepared once.
const byIdempotencyKey = preparedPerDatabase((db) =>
  db
    .select()
    .from(complaints)
    .where(and(eq(complaints.studentId, sql.placeholder('student')), eq(complaints.idempotencyKey, sql.placeholder('key'))))
    .limit(1)
    .prepare('complaint_by_idempotency_key'),
);

async function findByIdempotencyKey(db: Db, studentId: string, key: string) {
  const [row] = await byIdempotencyKey(db).execute({ student: studentId, key });
  return row;
}

/**
 * Files a complaint or request through the lifecycle (lifecycle/filing.ts writes the complaint, its
 * first timeline entry, its photos, its mail and its bells in one transaction, so what the student
 * is told is stored is stored). A retried submission with the same idempotency key returns the
 * stored complaint instead of filing it twice.
 */
async function file(
  ctx: FilingContext,
  student: UserRow,
  input: NewComplaint,
  idempotencyKey: string | undefined,
  photoIds: readonly string[] = [],
): Promise<Filed> {
  // Photos are part of what was asked (a retry must name the same ones); none keeps older hashes valid.
  const requestHash = hashRequest(photoIds.length ? { ...input, photoIds } : input);
  try {
    const complaint = await recordFiling(ctx, student, input, { actionLinkTtlMs: ctx.actionLinkTtlMs, idempotencyKey, requestHash, photoIds, routing: ctx.routing, calendar: ctx.calendar });
    return { complaint, replayed: false };
  } catch (error) {
    // The key was used already: a retry, or two copies of one submission that raced. The unique
    // index finds it, and its transaction wrote nothing: answer with the stored complaint. Nothing
    // is looked up before filing, so the first submission (nearly every one) costs one statement less.
    // The failed insert consumed a complaint number: numbers may have gaps, as after any rollback.
    if (idempotencyKey && isUniqueViolation(error, 'complaints_student_idempotency_key')) {
      const existing = await findByIdempotencyKey(ctx.db, student.id, idempotencyKey);
      if (existing) return checkReplay(existing, requestHash);
    }
    throw error;
  }
}

function checkReplay(existing: ComplaintRow, requestHash: string): Filed {
  if (existing.requestHash !== requestHash) {
    throw new AppError(
      422,
      'idempotency_key_reused',
      /*i18n*/ 'This submission key was already used for a different complaint. Reload the page and try again.',
    );
  }
  return { complaint: existing, replayed: true };
}

/**
 * The common area a complaint is filed for: one of the hostel's, and in use. Its floor is the
 * complaint's (the hostel's lowest for one serving the whole building), its room none.
 */
function commonAreaFor(ctx: FilingContext, hostel: string, areaId: string): { id: string; floor: number; label: string } {
  const area = ctx.commonAreas.get(areaId);
  if (!area || area.hostel !== hostel) {
    const message = `That common area is not one of ${hostel}'s: choose one of its areas.`;
    throw new AppError(422, 'unknown_common_area', message, { commonAreaId: message });
  }
  if (area.retired) {
    const message = `${areaLabel(area)} of ${hostel} is no longer in use: choose another place.`;
    throw new AppError(409, 'common_area_retired', message, { commonAreaId: message });
  }
  const lowest = hostelByName(ctx.catalog, hostel)?.floorMin ?? 0;
  return { id: area.id, floor: area.floor ?? lowest, label: areaLabel(area) };
}

export function fileComplaint(ctx: FilingContext, student: UserRow, body: CreateComplaint, idempotencyKey?: string) {
  refuseProblems(checkFiledPlace(ctx.catalog, body));
  const category = categoryByKey(ctx.catalog, body.category);
  const sub = category?.subCategories.find((s) => s.name === body.subCategory);
  if (!category || !sub) throw new Error('unreachable: checked above');
  const area = body.commonAreaId === undefined ? undefined : commonAreaFor(ctx, body.hostel, body.commonAreaId);
  const roomNo = area ? '' : body.roomNo.trim();
  // Checked above: only a ragging report has a place, and it always has one.
  const place = body.placeKind && body.placeText ? { kind: body.placeKind, text: body.placeText } : undefined;
  const confidential = category.confidential || sub.confidential;
  const entry = entryOf(body, confidential);
  return file(
    ctx,
    student,
    {
      kind: 'complaint',
      category: category.key,
      complaintHead: category.complaintHead,
      subCategory: body.subCategory,
      hostel: body.hostel,
      // A ragging report without the reporter's room says nothing of their floor either.
      floor: area ? area.floor : roomNo === '' ? 0 : body.floor,
      roomNo,
      commonArea: area ? { id: area.id, label: area.label } : undefined,
      message: body.complaint,
      // A sub-category may have its own team and target time (decision 40).
      routingKey: sub.routingKey ?? category.routingKey,
      targetHours: sub.targetHours ?? category.targetHours,
      targetUnit: sub.targetUnit ?? category.targetUnit,
      confidential,
      place,
      entry,
    },
    idempotencyKey,
    body.photoIds,
  );
}

/**
 * The answers to "May staff enter when you are out?" and "When are you usually in?" (decision 47),
 * checked by the shared schema; a confidential report is nobody's room visit, whatever its category.
 */
function entryOf(body: { entryConsent?: boolean | undefined; entrySlots?: EntrySlot[] | undefined }, confidential: boolean) {
  if (body.entryConsent === undefined) return undefined;
  if (confidential) throw new AppError(400, 'validation_failed', ENTRY_NOT_ASKED, { entryConsent: ENTRY_NOT_ASKED });
  return { consent: body.entryConsent, slots: body.entrySlots ?? [] };
}

export function fileCleaningRequest(ctx: FilingContext, student: UserRow, body: CreateCleaningRequest, idempotencyKey?: string) {
  const service = availableService(ctx.catalog, body.service);
  if (service.key !== 'room_cleaning') {
    throw AppError.withValues(
      409,
      'use_laundry_form',
      /*i18n*/ '{service} is a pickup request: use its own form.',
      (i18n) => ({ service: localName(i18n.locale, service, 'label') }),
      { service: /*i18n*/ 'has its own form' },
    );
  }
  refuseProblems(checkServicePlace(ctx.catalog, body));
  return file(
    ctx,
    student,
    {
      kind: 'cleaning',
      category: service.key,
      complaintHead: ROOM_CLEANING_HEAD,
      subCategory: service.label,
      hostel: body.hostel,
      floor: floorFromRoomNumber(body.roomNo),
      roomNo: String(body.roomNo),
      message: cleaningRequestText(body.hostel, body.roomNo),
      routingKey: service.routingKey,
      targetHours: service.targetHours,
      targetUnit: service.targetUnit,
      confidential: false,
      entry: entryOf(body, false),
    },
    idempotencyKey,
  );
}

export function fileLaundryRequest(ctx: FilingContext, student: UserRow, body: CreateLaundryRequest, idempotencyKey?: string) {
  const service = availableService(ctx.catalog, 'laundry');
  refuseProblems(checkServicePlace(ctx.catalog, { service: service.key, hostel: body.hostel, roomNo: body.roomNo }));
  return file(
    ctx,
    student,
    {
      kind: 'laundry',
      category: service.key,
      complaintHead: LAUNDRY_HEAD,
      subCategory: body.slot,
      hostel: body.hostel,
      floor: floorFromRoomNumber(body.roomNo),
      roomNo: String(body.roomNo),
      message: laundryRequestText(body.hostel, body.roomNo, body.items, body.slot, body.note),
      routingKey: service.routingKey,
      targetHours: service.targetHours,
      targetUnit: service.targetUnit,
      confidential: false,
    },
    idempotencyKey,
  );
}

/** The public timeline of a complaint, oldest first: internal notes never reach a student. */
async function publicEvents(db: Pick<Db, 'select'>, complaintId: string) {
  return db
    .select()
    .from(complaintEvents)
    .where(and(eq(complaintEvents.complaintId, complaintId), eq(complaintEvents.public, true)))
    .orderBy(asc(complaintEvents.createdAt));
}

const numberOf = async (db: Pick<Db, 'select'>, id: string | null) => {
  if (!id) return null;
  const [row] = await db.select({ number: complaints.number }).from(complaints).where(eq(complaints.id, id)).limit(1);
  return row?.number ?? null;
};

/**
 * A complaint as the signed-in student may read it: their own, whole (with where staff merged it);
 * one they follow, as a follower sees it (decision 36); anyone else's is "not found", never "forbidden".
 */
export async function getComplaintView(db: Db, viewerId: string, number: string, timeZone: string): Promise<ComplaintView> {
  const [row] = await db.select().from(complaints).where(eq(complaints.number, number)).limit(1);
  if (!row) throw new AppError(404, 'not_found', /*i18n*/ 'Complaint not found.');
  if (row.studentId === viewerId) {
    return toOwnerView(row, await publicEvents(db, row.id), await numberOf(db, row.mergedIntoId), await visitState(db, row, timeZone));
  }
  const [follow] = await db
    .select({ source: complaintFollowers.source, createdAt: complaintFollowers.createdAt, via: complaintFollowers.viaComplaintId })
    .from(complaintFollowers)
    .where(and(eq(complaintFollowers.complaintId, row.id), eq(complaintFollowers.userId, viewerId)))
    .limit(1);
  if (!follow) throw new AppError(404, 'not_found', /*i18n*/ 'Complaint not found.');
  return toFollowerView(row, follow, await publicEvents(db, row.id), await yourDuplicate(db, viewerId, follow.via));
}

/** The viewer's own complaint that brought them to follow another (merged into it), if it is theirs. */
async function yourDuplicate(db: Pick<Db, 'select'>, viewerId: string, via: string | null): Promise<string | null> {
  if (!via) return null;
  const [own] = await db
    .select({ number: complaints.number })
    .from(complaints)
    .where(and(eq(complaints.id, via), eq(complaints.studentId, viewerId)))
    .limit(1);
  return own?.number ?? null;
}

/**
 * The complaints the student follows, newest follow first, keyset-paginated on the follow's time
 * and the complaint's id over complaint_followers_user_idx (user_id, created_at).
 */
export async function listFollowed(db: Db, viewerId: string, query: FollowedQuery): Promise<FollowedList> {
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  // The cursor's time has milliseconds, the row's microseconds: the follow's own time is read back.
  const position = after
    ? sql`(coalesce((select k.created_at from ${complaintFollowers} as k where k.user_id = ${viewerId} and k.complaint_id = ${after.id}::uuid), ${after.createdAt.toISOString()}::timestamptz), ${after.id}::uuid)`
    : undefined;
  const rows = await db
    .select({
      complaint: {
        id: complaints.id,
        number: complaints.number,
        complaintHead: complaints.complaintHead,
        subCategory: complaints.subCategory,
        hostel: complaints.hostel,
        floor: complaints.floor,
        status: complaints.status,
        createdAt: complaints.createdAt,
        updatedAt: complaints.updatedAt,
        followerCount: complaints.followerCount,
      },
      follow: { source: complaintFollowers.source, createdAt: complaintFollowers.createdAt, via: complaintFollowers.viaComplaintId },
    })
    .from(complaintFollowers)
    .innerJoin(complaints, eq(complaints.id, complaintFollowers.complaintId))
    .where(
      and(
        eq(complaintFollowers.userId, viewerId),
        position ? sql`(${complaintFollowers.createdAt}, ${complaintFollowers.complaintId}) < ${position}` : undefined,
      ),
    )
    .orderBy(desc(complaintFollowers.createdAt), desc(complaintFollowers.complaintId))
    .limit(query.limit + 1);
  const page = pageOf(rows, query.limit, (row) => ({ createdAt: row.follow.createdAt, id: row.complaint.id }));
  const vias = [...new Set(page.items.flatMap((r) => (r.follow.via ? [r.follow.via] : [])))];
  const own = vias.length
    ? await db
        .select({ id: complaints.id, number: complaints.number })
        .from(complaints)
        .where(and(inArray(complaints.id, vias), eq(complaints.studentId, viewerId)))
    : [];
  return {
    items: page.items.map((r) => toFollowedItem(r.complaint, r.follow, own.find((o) => o.id === r.follow.via)?.number ?? null)),
    nextCursor: page.nextCursor,
  };
}
