import { createHmac, randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import {
  CODE_ALPHABET,
  SECRET_LENGTH,
  TRACKING_CODE_LENGTH,
  TRACKING_CODE_PREFIX,
  formatSecret,
  normalizeSecret,
  normalizeTrackingCode,
  type AnonymousFiled,
  type AnonymousReportBody,
  type AnonymousThread,
} from '../../../shared/anonymous.js';
import { categoryByKey, hostelByName, type FieldProblems, type PublicCatalog } from '../../../shared/catalog.js';
import { RAGGING_CATEGORY } from '../../../shared/constants.js';
import { studentMay } from '../../../shared/lifecycle.js';
import type { Db } from '../../db/client.js';
import { complaintEvents, complaints, type ComplaintRow } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { safeEqual, sha256 } from '../../lib/tokens.js';
import { toTimelineEntry } from '../complaints/index.js';
import { anonymousReporter, recordAnonymousFiling, recordAnonymousReply } from '../lifecycle/index.js';
import type { LifecycleContext } from '../lifecycle/index.js';
import { clockState } from '../ragging/index.js';

/*
 * Anonymous ragging reports (decision 41). Nothing here knows who is asking: the routes read no
 * session. A report is found by its tracking code and opened with its secret, of which only a
 * SHA-256 hash is kept (the secret is 140 random bits, so a slow hash would add nothing).
 */

export interface AnonymousFilingContext extends LifecycleContext {
  /** How long the one-click links in the committee's mail work. */
  actionLinkTtlMs: number;
  catalog: PublicCatalog;
  /** The server's key (SESSION_SECRET): a retried filing is answered with the same secret, derived from its Idempotency-Key. */
  serverKey: string;
}

/** `bits` random or derived bits as Crockford base-32 characters, 5 bits each (bytes long enough for `length`). */
function base32(bytes: Buffer, length: number): string {
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5 && out.length < length) {
      out += CODE_ALPHABET[(buffer >> (bits - 5)) & 31];
      bits -= 5;
    }
    buffer &= (1 << bits) - 1;
  }
  return out;
}

const newTrackingCode = () => normalizeTrackingCode(`${TRACKING_CODE_PREFIX}${base32(randomBytes(5), TRACKING_CODE_LENGTH)}`) ?? '';

/**
 * The secret of a filing: random, or — when the browser sent an Idempotency-Key — an HMAC of that
 * key under the server's key, so that a retry after a lost answer is shown the same secret. The
 * report keeps only a hash of the key, so neither the database nor the server's key alone gives it.
 */
function secretFor(serverKey: string, idempotencyKey: string | undefined): string {
  const bytes = idempotencyKey ? createHmac('sha256', serverKey).update(`anonymous-report-secret|${idempotencyKey}`).digest() : randomBytes(18);
  return base32(bytes, SECRET_LENGTH);
}

const hashSecret = (secret: string) => sha256(secret);
/** The Idempotency-Key as the report keeps it: hashed (it derives the secret). */
const storedKey = (key: string) => `anonymous:${sha256(key)}`;

/** What the catalogue says of the report: a ragging sub-category, and a hostel it knows when one is named. */
function checkReport(catalog: PublicCatalog, body: AnonymousReportBody) {
  const category = categoryByKey(catalog, RAGGING_CATEGORY);
  if (!category) throw new AppError(409, 'ragging_unavailable', /*i18n*/ 'Ragging reports are not taken here: call the anti-ragging helpline instead.');
  const sub = category.subCategories.find((s) => s.name === body.subCategory);
  const problems: FieldProblems = {};
  if (!sub) problems.subCategory = 'Choose what kind of ragging it was';
  const hostel = body.hostel ?? '';
  if (hostel !== '' && !hostelByName(catalog, hostel)) problems.hostel = 'Choose a hostel from the list';
  const messages = Object.values(problems);
  if (!sub || messages.length) throw new AppError(400, 'validation_failed', messages[0] ?? 'Check the form', problems);
  return { category, sub, hostel };
}

const UNIQUE_VIOLATION = '23505';
function violates(error: unknown, constraint: string): boolean {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  return (e.code ?? e.cause?.code) === UNIQUE_VIOLATION && (e.constraint === constraint || e.cause?.constraint === constraint || String(error).includes(constraint));
}

async function replayOf(ctx: AnonymousFilingContext, studentId: string, idempotencyKey: string, requestHash: string): Promise<AnonymousFiled | null> {
  const [existing] = await ctx.db
    .select({ trackingCode: complaints.trackingCode, secretHash: complaints.secretHash, requestHash: complaints.requestHash })
    .from(complaints)
    .where(and(eq(complaints.studentId, studentId), eq(complaints.idempotencyKey, storedKey(idempotencyKey))))
    .limit(1);
  if (!existing) return null;
  if (existing.requestHash !== requestHash) {
    throw new AppError(422, 'idempotency_key_reused', /*i18n*/ 'This submission key was already used for a different report. Reload the page and try again.');
  }
  const secret = secretFor(ctx.serverKey, idempotencyKey);
  // The server's key changed since: the secret cannot be given again, and was shown once already.
  if (!existing.trackingCode || existing.secretHash !== hashSecret(secret)) {
    throw new AppError(409, 'already_filed', /*i18n*/ 'This report was already sent; its code and secret were shown then and cannot be shown again.');
  }
  return { trackingCode: existing.trackingCode, secret: formatSecret(secret) };
}

/** Tracking codes are random: a clash with an existing one is drawn again, a few times at most. */
const CODE_ATTEMPTS = 4;

/**
 * Files an anonymous ragging report through the lifecycle and answers with its tracking code and
 * secret — the only time the secret leaves the server. A retry with the same Idempotency-Key and
 * body is answered with the same two (`replayed`), the same key with another body is refused.
 */
export async function fileAnonymousReport(
  ctx: AnonymousFilingContext,
  body: AnonymousReportBody,
  idempotencyKey: string | undefined,
): Promise<AnonymousFiled & { replayed: boolean }> {
  const { category, sub, hostel } = checkReport(ctx.catalog, body);
  const requestHash = sha256(JSON.stringify({ anonymous: true, ...body, hostel }));
  const reporter = await anonymousReporter(ctx.db);
  if (idempotencyKey) {
    const replay = await replayOf(ctx, reporter.id, idempotencyKey, requestHash);
    if (replay) return { ...replay, replayed: true };
  }
  const secret = secretFor(ctx.serverKey, idempotencyKey);
  for (let attempt = 1; ; attempt += 1) {
    const trackingCode = newTrackingCode();
    try {
      await recordAnonymousFiling(
        ctx,
        {
          kind: 'complaint',
          category: category.key,
          complaintHead: category.complaintHead,
          subCategory: sub.name,
          hostel,
          // No room, so no floor: nothing that narrows the reporter down to a door.
          floor: 0,
          roomNo: '',
          message: body.message,
          routingKey: sub.routingKey ?? category.routingKey,
          targetHours: sub.targetHours ?? category.targetHours,
          targetUnit: sub.targetUnit ?? category.targetUnit,
          confidential: true,
          place: { kind: body.placeKind, text: body.placeText },
          anonymous: { trackingCode, secretHash: hashSecret(secret) },
        },
        { actionLinkTtlMs: ctx.actionLinkTtlMs, idempotencyKey: idempotencyKey ? storedKey(idempotencyKey) : undefined, requestHash },
      );
      return { trackingCode, secret: formatSecret(secret), replayed: false };
    } catch (error) {
      if (idempotencyKey && violates(error, 'complaints_student_idempotency_key')) {
        // Two copies of one submission raced: the other one won, answer with it.
        const replay = await replayOf(ctx, reporter.id, idempotencyKey, requestHash);
        if (replay) return { ...replay, replayed: true };
      }
      if (!violates(error, 'complaints_tracking_code_key') || attempt >= CODE_ATTEMPTS) throw error;
    }
  }
}

/** The same answer for an unknown code and a wrong secret: which one it was is nobody's business. */
const noMatch = () => new AppError(404, 'not_found', /*i18n*/ 'No report matches this tracking code and secret. Check both and try again.');

/** A hash to compare with when there is no report, so an unknown code takes as long as a wrong secret. */
const NO_REPORT_HASH = sha256('no report has this hash');

async function reportByCode(db: Pick<Db, 'select'>, trackingCode: string): Promise<ComplaintRow | undefined> {
  const [row] = await db
    .select()
    .from(complaints)
    .where(and(eq(complaints.trackingCode, trackingCode), eq(complaints.anonymous, true)))
    .limit(1);
  return row;
}

/**
 * Opens a report with its tracking code and secret (as typed: case, spaces and dashes do not
 * matter), comparing the secret's hash in constant time. Answers the report's code as written.
 */
export async function openReport(db: Db, typedCode: string, typedSecret: string): Promise<string> {
  const trackingCode = normalizeTrackingCode(typedCode);
  const secret = normalizeSecret(typedSecret);
  const row = trackingCode ? await reportByCode(db, trackingCode) : undefined;
  const matches = safeEqual(hashSecret(secret ?? typedSecret), row?.secretHash ?? NO_REPORT_HASH);
  if (!row?.trackingCode || !secret || !matches) throw noMatch();
  return row.trackingCode;
}

/** The report as its reporter follows it: what they sent, its status, the public thread and the clocks' public part. */
export async function readThread(db: Db, trackingCode: string, now: Date): Promise<AnonymousThread> {
  const row = await reportByCode(db, trackingCode);
  if (!row?.trackingCode) throw noMatch();
  const events = await db
    .select()
    .from(complaintEvents)
    .where(and(eq(complaintEvents.complaintId, row.id), eq(complaintEvents.public, true)))
    .orderBy(asc(complaintEvents.createdAt));
  return {
    trackingCode: row.trackingCode,
    number: row.number,
    status: row.status,
    subCategory: row.subCategory,
    placeKind: row.placeKind,
    placeText: row.placeText,
    hostel: row.hostel,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    canReply: studentMay(row.status, 'reply'),
    timeline: events.map((event) => {
      const { at, kind, status, fromStatus, note, fromStudent } = toTimelineEntry(event, row.studentId);
      // An anonymous report is never in-room work, so it has no visit events (decision 47).
      return { at, kind: kind === 'reply' ? kind : 'status', status, fromStatus, note, fromReporter: fromStudent };
    }),
    clocks: {
      fir: { state: clockState(row, row.firDueAt, row.firDecision !== null, now), dueAt: row.firDueAt?.toISOString() ?? null },
      enquiry: { state: clockState(row, row.enquiryDueAt, row.enquiryClosedAt !== null, now), dueAt: row.enquiryDueAt?.toISOString() ?? null },
    },
  };
}

/**
 * The reporter's reply, through the lifecycle (the duty and the committee are told as of a
 * student's), then the thread as it now stands. The Idempotency-Key is kept per report, so two
 * reporters' keys never meet.
 */
export async function replyAnonymously(ctx: LifecycleContext, trackingCode: string, text: string, idempotencyKey: string | undefined): Promise<AnonymousThread> {
  await recordAnonymousReply(ctx, trackingCode, text, idempotencyKey ? `anonymous:${sha256(`${trackingCode}|${idempotencyKey}`)}` : undefined);
  return readThread(ctx.db, trackingCode, ctx.clock.now());
}
