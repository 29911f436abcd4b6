import { and, eq, isNull, sql } from 'drizzle-orm';
import { RAGGING_CATEGORY, type ComplaintKind, type EntrySlot, type PlaceKind } from '../../../shared/constants.js';
import { ENQUIRY_DAYS, FIR_DECISION_HOURS } from '../../../shared/ragging.js';
import type { Tx } from '../../db/client.js';
import { preparedPerDatabase } from '../../db/prepared.js';
import { complaintEvents, complaintNumberSeq, complaints, users, type ComplaintRow, type UserRow } from '../../db/schema.js';
import { localesOfEmailsColumn, Readers } from '../../i18n/readers.js';
import { coveringWorkersColumn } from '../access/index.js';
import { linkValues, newActionLinks, storeLinksOf, type NewActionLinks } from './action-links.js';
import { raggingContactsOf, readUniversity } from '../catalog/index.js';
import { raggingAcknowledgementMail } from '../mail/index.js';
import { acknowledgementMail, facilityMail } from '../mail/index.js';
import { enqueueMail, type MailFor } from '../mail/index.js';
import { resolveRecipients, resolveRecipientsFrom } from '../routing/index.js';
import type { RoutingTable } from '../catalog/index.js';
import { mailOptions, staffUrl, studentUrl, type LifecycleContext } from './context.js';
import { filedUnderNoticeEntry, noticeToFileUnder } from './filing-notice.js';
import { tellNewWork } from './notices.js';
import { attachPhotos } from './photos.js';
import { dueAfter, type TargetUnit, type WorkingCalendar } from '../../../shared/working-time.js';

const HOUR_MS = 3_600_000;
/** A target in plain hours reads no calendar. */
const NO_CALENDAR: WorkingCalendar = { timeZone: 'UTC', weeklyDaysOff: [], holidays: new Set() };

/** A complaint or request as the catalogue made it from the student's form: what is stored. */
export interface NewComplaint {
  kind: ComplaintKind;
  category: string;
  complaintHead: string;
  subCategory: string;
  hostel: string;
  floor: number;
  roomNo: string;
  message: string;
  routingKey: string;
  /** Hours the team has to resolve it: its due time is filing + this, in `targetUnit`. */
  targetHours: number;
  /** Every hour, or only the hours of working days on the university's calendar (issue 44). */
  targetUnit: TargetUnit;
  /** Shown only to the anti-ragging duty and admins (a ragging report, or as an admin set it). */
  confidential: boolean;
  /** Where a ragging incident happened (decision 40); absent for every other complaint. */
  place?: { kind: PlaceKind; text: string } | undefined;
  /** In-room work (decision 47): may staff enter while the student is out, and when they are usually in. */
  entry?: { consent: boolean; slots: EntrySlot[] } | undefined;
  /**
   * The common area it is filed for (decision 45), with its name as people read it: kept in
   * place_text, as the complaint head is, so mail, lists and exports name the place without a join.
   */
  commonArea?: { id: string; label: string } | undefined;
  /**
   * Filed without a name: `student` is then the anonymous sentinel (anonymousReporterId), nobody is
   * told anything as the student, and the reporter follows it with the tracking code.
   */
  anonymous?: { trackingCode: string; secretHash: string } | undefined;
}

export interface FilingOptions {
  /** How long the one-click links in the facility mail work. */
  actionLinkTtlMs: number;
  idempotencyKey: string | undefined;
  /** The hash of what was asked, kept so a retry with the same key can be checked against it. */
  requestHash: string;
  /** The student's pending uploads that go with it. */
  photoIds: readonly string[];
  /** The routing rules as the catalogue in memory has them; without it they are read from the database. */
  routing?: RoutingTable | undefined;
  /** The working calendar as the catalogue in memory has it; without it the context's catalogue is asked. */
  calendar?: WorkingCalendar | undefined;
}

/**
 * Filing's one statement, prepared once per connection (db/prepared.ts): the notice it goes under
 * (found and locked), the complaint's row, its first timeline entries, its one-click links, the
 * languages of the people its mail goes to and the workers to tell. One round trip instead of six: on a two-core
 * machine each statement costs the app's thread and PostgreSQL about as much as the row it writes
 * (issue 29). Its foreign keys are checked when the statement ends, after every part has written.
 * The number is made inside the insert, and the statutory clocks of a ragging report (UGC
 * regulations) start with it.
 */
const fileComplaint = preparedPerDatabase((db) => {
  const notice = db.$with('notice').as(noticeToFileUnder(db));
  const filed = db.$with('filed').as(
    db
      .insert(complaints)
      .values({
        number: sql`'HC-' || to_char(now() at time zone university_time_zone(), 'YYYY') || '-' || (select lpad(n::text, greatest(6, length(n::text)), '0') from (select nextval(${complaintNumberSeq.seqName}) as n) seq)`,
        kind: sql.placeholder('kind'),
        category: sql.placeholder('category'),
        complaintHead: sql.placeholder('complaintHead'),
        subCategory: sql.placeholder('subCategory'),
        hostel: sql.placeholder('hostel'),
        floor: sql.placeholder('floor'),
        roomNo: sql.placeholder('roomNo'),
        message: sql.placeholder('message'),
        studentId: sql.placeholder('studentId'),
        fname: sql.placeholder('fname'),
        regId: sql.placeholder('regId'),
        userEmail: sql.placeholder('userEmail'),
        toEmails: sql.placeholder('toEmails'),
        ccEmails: sql.placeholder('ccEmails'),
        confidential: sql.placeholder('confidential'),
        incidentId: sql`(select id from ${sql.identifier('notice')})`,
        dueAt: sql`${sql.placeholder('dueAt')}::timestamptz`,
        targetUnit: sql.placeholder('targetUnit'),
        placeKind: sql.placeholder('placeKind'),
        placeText: sql.placeholder('placeText'),
        commonAreaId: sql.placeholder('commonAreaId'),
        entryConsent: sql.placeholder('entryConsent'),
        entrySlots: sql.placeholder('entrySlots'),
        anonymous: sql.placeholder('anonymous'),
        trackingCode: sql.placeholder('trackingCode'),
        secretHash: sql.placeholder('secretHash'),
        firDueAt: sql`${sql.placeholder('firDueAt')}::timestamptz`,
        enquiryDueAt: sql`${sql.placeholder('enquiryDueAt')}::timestamptz`,
        idempotencyKey: sql.placeholder('idempotencyKey'),
        requestHash: sql.placeholder('requestHash'),
      })
      .returning(),
  );
  // The student's "Sent to …" entry, then the notice's when there is one.
  const entries = db.$with('entries', {}).as(
    sql`insert into ${complaintEvents} (complaint_id, actor_id, from_status, to_status, kind, public, note, created_at)
        select f.id, f.student_id, null, f.status, 'status', true, ${sql.placeholder('sentTo')}::text, now() from ${sql.identifier('filed')} f
        union all ${filedUnderNoticeEntry('filed', 'notice')}`,
  );
  const links = db.$with('links', {}).as(storeLinksOf('filed'));
  return db
    .with(notice, filed, entries, links)
    .select({
      complaint: filed._.selectedFields,
      noticeTitle: sql<string | null>`(select title from ${sql.identifier('notice')})`,
      readers: localesOfEmailsColumn('readerEmails'),
      workers: coveringWorkersColumn('category', 'hostel'),
    })
    .from(filed)
    .prepare('file_complaint');
});
type FiledColumns = 'targetUnit' | 'kind' | 'category' | 'complaintHead' | 'subCategory' | 'hostel' | 'floor' | 'roomNo' | 'message' | 'studentId' | 'fname' | 'regId' | 'userEmail' | 'toEmails' | 'ccEmails' | 'confidential' | 'placeKind' | 'placeText' | 'commonAreaId' | 'entryConsent' | 'entrySlots' | 'anonymous' | 'trackingCode' | 'secretHash' | 'idempotencyKey' | 'requestHash';
/** The prepared statement with its values checked (a prepared query's own values are untyped). */
const fileComplaintRow = (
  tx: Tx,
  values: Required<Pick<typeof complaints.$inferInsert, FiledColumns>> & { dueAt: string; firDueAt: string | null; enquiryDueAt: string | null; sentTo: string; readerEmails: string[] },
  links: NewActionLinks,
) => fileComplaint(tx).execute({ ...values, ...linkValues(links) });

/**
 * Files a complaint: in one transaction the complaint row, its first timeline entry, its photos,
 * the facility mail with its one-click links, the student's acknowledgement and the bells (and
 * mails) of every worker whose scope covers it. What the student is told is stored is stored, and
 * its mail will go out; a photo that cannot be attached refuses the whole filing.
 */
export async function recordFiling(ctx: LifecycleContext, student: UserRow, input: NewComplaint, opts: FilingOptions): Promise<ComplaintRow> {
  const ragging = input.category === RAGGING_CATEGORY;
  // Read before the transaction opens (under READ COMMITTED it would see no other rules inside it),
  // from the catalogue in memory when the caller has it: no statement at all.
  const recipients = opts.routing ? resolveRecipientsFrom(opts.routing, input.routingKey, input.hostel) : await resolveRecipients(ctx.db, input.routingKey, input.hostel);
  const links = newActionLinks({ publicUrl: ctx.publicUrl, ttlMs: opts.actionLinkTtlMs });
  // An anonymous reporter is acknowledged nowhere; the student's own mail switch came with the
  // session's row (no lookup needed).
  const ackTo = input.anonymous || !student.notifyMail ? [] : [student.email];
  const readerEmails = [...new Set([...recipients.to, ...recipients.cc, ...ackTo].map((e) => e.toLowerCase()))];
  // The clocks start on the app's clock, in Node (decision 72): a target in working hours skips the
  // university's days off and holidays, which SQL's now() + interval could not.
  const filedAt = ctx.clock.now();
  const calendar = input.targetUnit === 'working_hours' ? (opts.calendar ?? (await ctx.clockCatalogue()).calendar) : undefined;
  const dueAt = calendar ? dueAfter(filedAt, input.targetHours, 'working_hours', calendar) : dueAfter(filedAt, input.targetHours, 'hours', NO_CALENDAR);
  return ctx.transaction(async (tx) => {
    const [filing] = await fileComplaintRow(
      tx,
      {
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
        dueAt: dueAt.toISOString(),
        targetUnit: input.targetUnit,
        placeKind: input.place?.kind ?? null,
        placeText: input.place?.text ?? input.commonArea?.label ?? null,
        commonAreaId: input.commonArea?.id ?? null,
        entryConsent: input.entry?.consent ?? null,
        entrySlots: input.entry?.slots ?? [],
        anonymous: input.anonymous !== undefined,
        trackingCode: input.anonymous?.trackingCode ?? null,
        secretHash: input.anonymous?.secretHash ?? null,
        // The statutory clocks (UGC regulations) count calendar time: 24 hours, 7 days.
        firDueAt: ragging ? new Date(filedAt.getTime() + FIR_DECISION_HOURS * HOUR_MS).toISOString() : null,
        enquiryDueAt: ragging ? new Date(filedAt.getTime() + ENQUIRY_DAYS * 24 * HOUR_MS).toISOString() : null,
        idempotencyKey: opts.idempotencyKey ?? null,
        requestHash: opts.requestHash,
        sentTo: `Sent to ${recipients.to.join(', ')}`,
        readerEmails,
      },
      links,
    );
    if (!filing) throw new Error('complaint insert returned nothing');
    const row = filing.complaint;
    // The first filing tells where the student lives: remembered to fill in the next form (never
    // moved by a later filing about somewhere else; the account page edits it). A ragging report
    // may leave the room out and need not be where the reporter lives. The student's row was read
    // with the session: when it already has a place there is nothing to write (the condition below
    // still guards a place set meanwhile).
    if (!ragging && !input.commonArea && student.placeHostel === null) {
      await tx
        .update(users)
        .set({ placeHostel: input.hostel, placeFloor: String(input.floor), placeRoom: input.roomNo })
        .where(and(eq(users.id, student.id), isNull(users.placeHostel)));
    }
    await attachPhotos(tx, { photoIds: opts.photoIds, uploaderId: student.id, complaint: row, stage: 'before' });
    const facility: MailFor = (r) => facilityMail(row, { complaintUrl: staffUrl(ctx, row.number), ...links.urls }, r);
    // A ragging report's acknowledgement names the committee and carries the helpline and the nodal
    // officer, not a mailbox.
    const university = ragging ? await readUniversity(tx) : null;
    const ack: MailFor = (r) =>
      university
        ? raggingAcknowledgementMail(row, raggingContactsOf(university), studentUrl(ctx, row.number), r)
        : acknowledgementMail(row, { complaintUrl: studentUrl(ctx, row.number) }, r);
    await enqueueMail(
      tx,
      [
        // Without reply addresses, Reply-To lets the team answer the student directly; with them,
        // the outbox gives each recipient a portal reply address instead. The confidentiality
        // guard removes the student's address (and any identifying word) when it is confidential.
        { render: facility, purpose: 'facility', complaint: row, to: recipients.to, cc: recipients.cc, replyTo: student.email },
        ...(ackTo.length ? [{ render: ack, purpose: 'acknowledgement', complaint: row, to: ackTo }] : []),
      ],
      mailOptions(ctx),
      Readers.knowing(tx, readerEmails, filing.readers),
    );
    await tellNewWork(tx, ctx, row, filing.workers);
    return row;
  });
}
