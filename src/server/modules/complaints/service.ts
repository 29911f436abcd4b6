import { createHash } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
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
import type { ComplaintKind } from '../../../shared/constants.js';
import type { Db } from '../../db/client.js';
import { complaintEvents, complaintNumberSeq, complaints, type ComplaintRow, type UserRow } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { createActionLinks } from '../actions/service.js';
import { mailOptions, staffUrl, type LifecycleContext } from '../lifecycle/context.js';
import { tellNewWork } from '../lifecycle/notices.js';
import { attachPhotos } from '../photos/service.js';
import { enqueueMail } from '../mail/outbox.js';
import { acknowledgementMail, facilityMail } from '../mail/templates.js';
import { resolveRecipients } from '../routing/service.js';

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

interface NewComplaint {
  kind: ComplaintKind;
  category: string;
  complaintHead: string;
  subCategory: string;
  hostel: string;
  floor: number;
  roomNo: string;
  message: string;
  routingKey: string;
  /** Hours the team has to resolve it: its due time is filing + this. */
  targetHours: number;
  /** Shown only to the anti-ragging duty and admins (Others → Ragging, or as an admin set it). */
  confidential: boolean;
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
    throw new AppError(409, 'service_unavailable', `${service?.label ?? 'This service'} is Under Construction !`, {
      service: 'Under Construction !',
    });
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
 * Files a complaint or request: the complaint, its first timeline entry and its mail (to the
 * facility team, and the student's acknowledgement) commit in one transaction, so what the student
 * is told is stored is stored, and its mail will go out. A retried submission with the same
 * idempotency key returns the stored complaint instead of filing it twice.
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
    const complaint = await ctx.transaction(async (tx) => {
      const recipients = await resolveRecipients(tx, input.routingKey, input.hostel);
      // The number is made inside the insert: one round trip fewer on the busiest path.
      const number = sql<string>`'HC-' || to_char(now() at time zone 'UTC', 'YYYY') || '-' || (select lpad(n::text, greatest(6, length(n::text)), '0') from (select nextval(${complaintNumberSeq.seqName}) as n) seq)`;
      const [row] = await tx
        .insert(complaints)
        .values({
          number,
          kind: input.kind,
          category: input.category,
          complaintHead: input.complaintHead,
          subCategory: input.subCategory,
          hostel: input.hostel,
          floor: input.floor,
          roomNo: input.roomNo,
          message: input.message,
          studentId: student.id,
          fname: student.fname,
          regId: student.regId,
          userEmail: student.email,
          toEmails: recipients.to,
          ccEmails: recipients.cc,
          confidential: input.confidential,
          dueAt: sql`now() + make_interval(hours => ${input.targetHours})`,
          idempotencyKey: idempotencyKey ?? null,
          requestHash,
        })
        .returning();
      if (!row) throw new Error('complaint insert returned nothing');
      await tx.insert(complaintEvents).values({
        complaintId: row.id,
        actorId: student.id,
        fromStatus: null,
        toStatus: 'submitted',
        note: `Sent to ${recipients.to.join(', ')}`,
      });
      // In this transaction: a photo that cannot be attached refuses the filing, nothing half-stored.
      await attachPhotos(tx, { photoIds, uploaderId: student.id, complaint: row, stage: 'before' });
      const actionLinks = await createActionLinks(tx, row.id, { publicUrl: ctx.publicUrl, ttlMs: ctx.actionLinkTtlMs });
      const facility = facilityMail(row, { complaintUrl: staffUrl(ctx, row.number), ...actionLinks });
      const ack = acknowledgementMail(row, { complaintUrl: `${ctx.publicUrl}/my/${row.number}` });
      await enqueueMail(
        tx,
        [
          // Without reply addresses, Reply-To lets the team answer the student directly; with them,
          // the outbox gives each recipient a portal reply address instead. The confidentiality
          // guard removes the student's address (and any identifying word) when it is confidential.
          { ...facility, purpose: 'facility', complaint: row, to: recipients.to, cc: recipients.cc, replyTo: student.email },
          { ...ack, purpose: 'acknowledgement', complaint: row, to: [student.email] },
        ],
        mailOptions(ctx),
      );
      await tellNewWork(tx, ctx, row);
      return row;
    });
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
