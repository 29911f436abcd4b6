import { createHash } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import {
  LAUNDRY_HEAD,
  ROOM_CLEANING_HEAD,
  categoryByKey,
  checkComplaintPlace,
  checkServicePlace,
  cleaningRequestText,
  floorFromRoomNumber,
  laundryRequestText,
  serviceByKey,
  type FieldProblems,
  type PublicCatalog,
  type ServiceInfo,
} from '../../../shared/catalog.js';
import type { CreateCleaningRequest, CreateComplaint, CreateLaundryRequest } from '../../../shared/complaints.js';
import type { Db } from '../../db/client.js';
import { complaintEvents, complaints, type ComplaintRow, type UserRow } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import type { LifecycleContext } from '../lifecycle/context.js';
import { recordFiling, type NewComplaint } from '../lifecycle/filing.js';

export interface FilingContext extends LifecycleContext {
  /** How long the one-click links in the facility mail work. */
  actionLinkTtlMs: number;
  /** The catalogue in force: what may be filed, and how it is routed. */
  catalog: PublicCatalog;
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

async function findByIdempotencyKey(db: Db, studentId: string, key: string) {
  const [row] = await db
    .select()
    .from(complaints)
    .where(and(eq(complaints.studentId, studentId), eq(complaints.idempotencyKey, key)))
    .limit(1);
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
  if (idempotencyKey) {
    const existing = await findByIdempotencyKey(ctx.db, student.id, idempotencyKey);
    if (existing) return checkReplay(existing, requestHash);
  }
  try {
    const complaint = await recordFiling(ctx, student, input, { actionLinkTtlMs: ctx.actionLinkTtlMs, idempotencyKey, requestHash, photoIds });
    return { complaint, replayed: false };
  } catch (error) {
    // Two copies of one submission raced: the other one won, answer with it.
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
      'This submission key was already used for a different complaint. Reload the page and try again.',
    );
  }
  return { complaint: existing, replayed: true };
}

export function fileComplaint(ctx: FilingContext, student: UserRow, body: CreateComplaint, idempotencyKey?: string) {
  refuseProblems(checkComplaintPlace(ctx.catalog, body));
  const category = categoryByKey(ctx.catalog, body.category);
  const sub = category?.subCategories.find((s) => s.name === body.subCategory);
  if (!category || !sub) throw new Error('unreachable: checked above');
  return file(
    ctx,
    student,
    {
      kind: 'complaint',
      category: category.key,
      complaintHead: category.complaintHead,
      subCategory: body.subCategory,
      hostel: body.hostel,
      floor: body.floor,
      roomNo: body.roomNo.trim(),
      message: body.complaint,
      routingKey: category.routingKey,
      targetHours: category.targetHours,
      confidential: category.confidential || sub.confidential,
    },
    idempotencyKey,
    body.photoIds,
  );
}

export function fileCleaningRequest(ctx: FilingContext, student: UserRow, body: CreateCleaningRequest, idempotencyKey?: string) {
  const service = availableService(ctx.catalog, body.service);
  if (service.key !== 'room_cleaning') {
    throw new AppError(409, 'use_laundry_form', `${service.label} is a pickup request: use its own form.`, { service: 'has its own form' });
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
      confidential: false,
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
      confidential: false,
    },
    idempotencyKey,
  );
}

/** A student's own complaint with its timeline; another student's is "not found", never "forbidden". */
export async function getStudentComplaint(db: Db, studentId: string, number: string) {
  const [row] = await db
    .select()
    .from(complaints)
    .where(and(eq(complaints.number, number), eq(complaints.studentId, studentId)))
    .limit(1);
  if (!row) throw new AppError(404, 'not_found', 'Complaint not found.');
  const events = await db
    .select()
    .from(complaintEvents)
    // Internal notes never reach the student.
    .where(and(eq(complaintEvents.complaintId, row.id), eq(complaintEvents.public, true)))
    .orderBy(asc(complaintEvents.createdAt));
  return { complaint: row, events };
}
