import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import {
  BULK_ACTION_STATUSES,
  CLEANING_VISIT_OUTCOMES,
  COMPLAINT_KINDS,
  ENQUIRY_OUTCOMES,
  EVENT_CHANNELS,
  ENTRY_SLOTS,
  EVENT_KINDS,
  FIR_DECISIONS,
  FOLLOW_SOURCES,
  INBOUND_OUTCOMES,
  INCIDENT_STATUSES,
  LOCALES,
  LINK_ACTIONS,
  NEW_WORK_MAIL,
  OPEN_STATUSES,
  OUTBOX_STATUSES,
  PHOTO_STAGES,
  PHOTO_STORAGES,
  PHOTO_VARIANTS,
  PLACE_KINDS,
  ROLES,
  STATUSES,
  VISIT_PROPOSAL_STATUSES,
} from '../../shared/constants.js';
import type { Translations } from '../../shared/catalog.js';
import { APPEAL_OUTCOMES, COMMITTEE_OUTCOMES, GRIEVANCE_ENTRY_KINDS, GRIEVANCE_SEATS, GRIEVANCE_STATUSES } from '../../shared/grievances.js';
import { TARGET_UNITS, type TargetUnit } from '../../shared/working-time.js';

/** `column in ('a', 'b', …)` from one of the shared enumerations, for check constraints and partial indexes. */
export const oneOf = (column: AnyPgColumn, values: readonly string[]) =>
  sql`${column} in (${sql.raw(values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', '))})`;

/**
 * A language's column holds any language code (decision 67): which languages the portal speaks is
 * LOCALES, checked where a value comes in, so adding one needs no migration.
 */
const localeShape = (column: AnyPgColumn) => sql`${column} ~ '^[a-z]{2,3}$'`;

/** What an administrator named, in other languages: by language, then field (`{"hi": {"name": "…"}}`, decision 67). */
const translations = <Field extends string>() =>
  jsonb('translations')
    .$type<Translations<Field>>()
    .notNull()
    .default(sql`'{}'::jsonb`);

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/**
 * Who a user is, as words: every part of the name, the registration number, the address and its
 * local part's pieces. The staff queue's search matches students by it (an expression index, so
 * no column every select of a user would carry).
 */
export const userSearchVector = sql`to_tsvector('simple', coalesce(name, '') || ' ' || coalesce(reg_id, '') || ' ' || coalesce(email, '') || ' ' || replace(split_part(coalesce(email, ''), '@', 1), '.', ' '))`;

/**
 * A confidential report's message and room as words: what only the anti-ragging duty may search
 * (the queue matches this expression, over the partial index complaints_confidential_search_idx).
 */
export const confidentialSearchVector = sql`to_tsvector('simple', coalesce(message, '') || ' ' || coalesce(room_no, ''))`;

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Always stored lower-cased: the identity the portal admits by. */
    email: text('email').notNull(),
    /** The provider's display name as last received, before derivation. */
    displayName: text('display_name').notNull().default(''),
    name: text('name').notNull().default(''),
    /**
     * The display names this account signed in with before its current one, oldest first (at most
     * FORMER_NAMES_KEPT): a confidential report's reporter is withheld by every name they have had.
     */
    formerNames: text('former_names').array().notNull().default(sql`'{}'::text[]`),
    fname: text('fname').notNull().default(''),
    regId: text('reg_id').notNull().default(''),
    role: text('role', { enum: ROLES }).notNull().default('student'),
    oidcIssuer: text('oidc_issuer'),
    oidcSubject: text('oidc_subject'),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    /** May see the identity of students in confidential (ragging) complaints. */
    antiRagging: boolean('anti_ragging').notNull().default(false),
    /** Set when an admin added the account before its first sign-in (staff outside the student domain). */
    addedBy: uuid('added_by'),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** Mail about new work in their scope: each complaint, a digest every `digestHours`, or none (the bell always rings). */
    newWorkMail: text('new_work_mail', { enum: NEW_WORK_MAIL }).notNull().default('none'),
    digestHours: integer('digest_hours').notNull().default(24),
    lastDigestAt: timestamp('last_digest_at', { withTimezone: true }),
    /** Wardens and admins get the insights summary (figures, not work) every INSIGHTS_DIGEST_DAYS unless they opt out. */
    insightsDigest: boolean('insights_digest').notNull().default(true),
    lastInsightsDigestAt: timestamp('last_insights_digest_at', { withTimezone: true }),
    /** The student's place as last filed (or edited on their account page), to prefill the next form. */
    placeHostel: text('place_hostel'),
    placeFloor: text('place_floor'),
    placeRoom: text('place_room'),
    /** The channels this person hears through (settings page); push also needs a subscribed device. */
    notifyPush: boolean('notify_push').notNull().default(true),
    notifyMail: boolean('notify_mail').notNull().default(true),
    notifyBell: boolean('notify_bell').notNull().default(true),
    /** WhatsApp reaches this person only once they have linked a number (whatsapp_links). */
    notifyWhatsapp: boolean('notify_whatsapp').notNull().default(true),
    /**
     * The language this person reads (issue 28): set from the browser at the first sign-in, changed in
     * the header or on the account page. Mail, push and the bell go out in it. Null: not known yet
     * (mail then uses the university's default language).
     */
    locale: text('locale', { enum: LOCALES }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    // The staff queue's search finds complaints by their student's whole name (queries.ts matches this expression).
    index('users_search_idx').using('gin', userSearchVector),
    check('users_role_check', oneOf(t.role, ROLES)),
    check('users_new_work_mail_check', oneOf(t.newWorkMail, NEW_WORK_MAIL)),
    check('users_email_lower_check', sql`${t.email} = lower(${t.email})`),
    check('users_locale_check', sql`${t.locale} is null or ${localeShape(t.locale)}`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie token: a copy of this table cannot be replayed as cookies. */
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    csrfToken: text('csrf_token').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent').notNull().default(''),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId), index('sessions_expires_at_idx').on(t.expiresAt)],
);

/** Fixed-window counters shared by every instance (see plugins/rate-limit.ts). */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_reset_at_idx').on(t.resetAt)],
);

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

/** Human complaint numbers (HC-2026-000123): a sequence never blocks concurrent filers. */
export const complaintNumberSeq = pgSequence('complaint_number_seq', { startWith: 1, cache: 1 });

export const complaints = pgTable(
  'complaints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull(),
    kind: text('kind', { enum: COMPLAINT_KINDS }).notNull(),
    /** Category key (wifi, electricity, …) or the service key for requests (room_cleaning). */
    category: text('category').notNull(),
    complaintHead: text('complaint_head').notNull(),
    subCategory: text('sub_category').notNull().default(''),
    hostel: text('hostel').notNull(),
    floor: integer('floor').notNull(),
    roomNo: text('room_no').notNull(),
    message: text('message').notNull(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id),
    /** Who filed it, as the session knew them at that moment (the original payload's fname, id, userEmail). */
    fname: text('fname').notNull(),
    regId: text('reg_id').notNull(),
    userEmail: text('user_email').notNull(),
    /** Resolved by the server's routing when filed; never taken from the request. */
    toEmails: text('to_emails').array().notNull(),
    ccEmails: text('cc_emails').array().notNull().default(sql`'{}'::text[]`),
    status: text('status', { enum: STATUSES }).notNull().default('submitted'),
    assigneeId: uuid('assignee_id').references(() => users.id),
    /** Ragging: the student's identity is shown only to the anti-ragging duty and admins. */
    confidential: boolean('confidential').notNull().default(false),
    /**
     * When the team should have resolved it: filed (or reopened) + the category's target, in its
     * unit, on the working calendar (issue 44). While the clock is paused it is PAUSED_DUE_AT, the
     * far end of time: every "due before now" reading skips it and due order puts it last, on the
     * same indexes (decision 72).
     */
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    /** The unit its target was counted in when filed or reopened: what a paused clock's time left is counted in. */
    targetUnit: text('target_unit', { enum: TARGET_UNITS }).notNull().default('hours'),
    /** Set while the team waits for the student's answer: the clock stands still from then. */
    clockPausedAt: timestamp('clock_paused_at', { withTimezone: true }),
    /** The time the clock had left when it paused, in milliseconds of its unit (negative: it was already late). */
    clockLeftMs: bigint('clock_left_ms', { mode: 'number' }),
    /** 0 not escalated, 1 the hostel's wardens were told it is late, 2 the admins were too (ESCALATION_LEVELS). */
    escalationLevel: integer('escalation_level').notNull().default(0),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    /** The team's first response: set by a trigger when the status first leaves 'submitted' (insights' time to acknowledge). */
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    rating: integer('rating'),
    ratingComment: text('rating_comment'),
    /** Set when staff merged this duplicate into another complaint (status 'merged'); cleared by an undo. */
    mergedIntoId: uuid('merged_into_id').references((): AnyPgColumn => complaints.id),
    /** The notice (incident) it was filed under or linked to: resolving the incident resolves it. */
    incidentId: uuid('incident_id').references((): AnyPgColumn => incidents.id),
    /** Students following it besides its own ("Me too", merged duplicates): "affects n students" is this + 1. */
    followerCount: integer('follower_count').notNull().default(0),
    /**
     * Where a ragging incident happened (decision 40): one of PLACE_KINDS and the reporter's words
     * ("Block-2, floor 3 corridor"). Null for every other complaint, whose place is hostel, floor and room.
     */
    placeKind: text('place_kind', { enum: PLACE_KINDS }),
    placeText: text('place_text'),
    /** Filed for a common area (a floor's washroom, the mess hall) rather than a room: room_no is then ''. */
    commonAreaId: uuid('common_area_id').references((): AnyPgColumn => commonAreas.id),
    /** In-room work: may staff enter when the student is out (null: not asked), and when they are usually in. */
    entryConsent: boolean('entry_consent'),
    entrySlots: text('entry_slots', { enum: ENTRY_SLOTS }).array().notNull().default(sql`'{}'::text[]`),
    /** The visit both sides agreed (an accepted proposal); null while none is. */
    visitStartsAt: timestamp('visit_starts_at', { withTimezone: true }),
    visitEndsAt: timestamp('visit_ends_at', { withTimezone: true }),
    /** Filed without a name: the student is the anonymous sentinel user, told nothing (the tracking code is how the reporter follows it). */
    anonymous: boolean('anonymous').notNull().default(false),
    /** An anonymous report's code for following it without an account; its secret is kept only as a hash. */
    trackingCode: text('tracking_code'),
    secretHash: text('secret_hash'),
    /** Ragging: the duty's decision on a police report (FIR), due by fir_due_at (filed + 24 h). */
    firDecision: text('fir_decision', { enum: FIR_DECISIONS }),
    firDecisionNote: text('fir_decision_note').notNull().default(''),
    firDecidedAt: timestamp('fir_decided_at', { withTimezone: true }),
    firDecidedBy: uuid('fir_decided_by').references(() => users.id),
    firDueAt: timestamp('fir_due_at', { withTimezone: true }),
    /** Ragging: the enquiry, due by enquiry_due_at (filed + 7 days); closed with an outcome. */
    enquiryDueAt: timestamp('enquiry_due_at', { withTimezone: true }),
    enquiryClosedAt: timestamp('enquiry_closed_at', { withTimezone: true }),
    enquiryClosedBy: uuid('enquiry_closed_by').references(() => users.id),
    enquiryOutcome: text('enquiry_outcome', { enum: ENQUIRY_OUTCOMES }),
    /** How far each missed clock went (CLOCK_ESCALATION_LEVELS): 0 nobody, 1 the nodal officer, 2 the head of the institution. */
    firEscalationLevel: integer('fir_escalation_level').notNull().default(0),
    enquiryEscalationLevel: integer('enquiry_escalation_level').notNull().default(0),
    /**
     * Full-text search over the message, room and number (the staff queue's search box). A
     * confidential report's message may name its reporter and its room is theirs (decision 63): its
     * words here are only its number and where it happened; the duty finds its message and room
     * through confidentialSearchVector.
     */
    search: tsvector('search').generatedAlwaysAs(
      sql`case when confidential then to_tsvector('simple', coalesce(number, '') || ' ' || coalesce(place_text, '')) else to_tsvector('simple', coalesce(message, '') || ' ' || coalesce(room_no, '') || ' ' || coalesce(number, '')) end`,
    ),
    /** Who filed it, for staff who may search by student (name, registration number, address). */
    studentSearch: tsvector('student_search').generatedAlwaysAs(
      sql`to_tsvector('simple', coalesce(fname, '') || ' ' || coalesce(reg_id, '') || ' ' || coalesce(user_email, '') || ' ' || replace(split_part(coalesce(user_email, ''), '@', 1), '.', ' '))`,
    ),
    idempotencyKey: text('idempotency_key'),
    requestHash: text('request_hash'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('complaints_number_key').on(t.number),
    uniqueIndex('complaints_student_idempotency_key').on(t.studentId, t.idempotencyKey),
    // Ascending on purpose: PostgreSQL scans them backwards for ORDER BY … DESC, whereas a
    // "DESC NULLS LAST" index cannot serve the default "DESC" (NULLS FIRST) order at all.
    index('complaints_student_created_idx').on(t.studentId, t.createdAt, t.id),
    index('complaints_queue_idx').on(t.createdAt, t.id),
    index('complaints_status_queue_idx').on(t.status, t.createdAt, t.id),
    index('complaints_category_hostel_queue_idx').on(t.category, t.hostel, t.createdAt, t.id),
    index('complaints_assignee_idx').on(t.assigneeId, t.createdAt, t.id),
    index('complaints_search_idx').using('gin', t.search),
    // Staff mostly search what is still open: a smaller index for that.
    index('complaints_search_open_idx')
      .using('gin', t.search)
      .where(oneOf(t.status, OPEN_STATUSES)),
    // "Due" sorting and the overdue / due-today filters read only what is still open.
    index('complaints_due_open_idx').on(t.dueAt, t.id).where(oneOf(t.status, OPEN_STATUSES)),
    // Open work newest first, its due time checked in the index (decision 57): Overdue and Due
    // today walk it for a page instead of sorting every match (10,000 due today at ten million).
    index('complaints_open_queue_idx').on(t.createdAt, t.id, t.dueAt).where(oneOf(t.status, OPEN_STATUSES)),
    index('complaints_student_search_idx').using('gin', t.studentSearch),
    // The duty's search of confidential reports' own words (decision 63): a few rows, their own index.
    index('complaints_confidential_search_idx').using('gin', confidentialSearchVector).where(sql`${t.confidential}`),
    index('complaints_merged_into_idx').on(t.mergedIntoId).where(sql`${t.mergedIntoId} is not null`),
    index('complaints_incident_idx').on(t.incidentId).where(sql`${t.incidentId} is not null`),
    // "Already reported" on the form: the open, not confidential complaints of one hostel and category.
    index('complaints_nearby_open_idx')
      .on(t.hostel, t.category, t.createdAt)
      .where(sql`${oneOf(t.status, OPEN_STATUSES)} and not ${t.confidential}`),
    // The queue's escalated view: open complaints some warden or admin was told are late.
    index('complaints_escalated_open_idx')
      .on(t.dueAt, t.id)
      .where(sql`${oneOf(t.status, OPEN_STATUSES)} and ${t.escalationLevel} > 0`),
    // The escalated view's count per scope (the attention strip, the chip), read from the index alone.
    index('complaints_escalated_scope_idx')
      .on(t.hostel, t.category)
      .where(sql`${oneOf(t.status, OPEN_STATUSES)} and ${t.escalationLevel} > 0`),
    // Open work by assignee (null: nobody's): "My open work" and "unassigned" counted per scope from the index alone.
    index('complaints_open_assignee_idx')
      .on(t.assigneeId, t.hostel, t.category)
      .where(oneOf(t.status, OPEN_STATUSES)),
    // "Assigned to me" + open in a scope, newest first, without sorting all of the person's open
    // work (decision 57). Only assigned work: a new complaint (nobody's) adds nothing to it.
    index('complaints_assigned_open_queue_idx')
      .on(t.assigneeId, t.hostel, t.category, t.createdAt, t.id)
      .where(sql`${oneOf(t.status, OPEN_STATUSES)} and ${t.assigneeId} is not null`),
    // The escalation job's scan: open complaints not yet escalated to the admins, by due time.
    index('complaints_escalation_idx')
      .on(t.dueAt)
      .where(sql`${oneOf(t.status, OPEN_STATUSES)} and ${t.escalationLevel} < 2`),
    // Insights: overdue by hostel × category straight from this index (index-only), and the rooms
    // that keep coming back in a recent window.
    index('complaints_overdue_insights_idx')
      .on(t.dueAt, t.hostel, t.category)
      .where(oneOf(t.status, OPEN_STATUSES)),
    // Confidential complaints stay out: a room that keeps reporting ragging would point at its student.
    index('complaints_recurring_rooms_idx')
      .on(t.createdAt, t.hostel, t.roomNo, t.category)
      .where(sql`not ${t.confidential}`),
    uniqueIndex('complaints_tracking_code_key').on(t.trackingCode),
    // A place's page and its repeat flag (three of one category in 30 days): a room's history, a common area's.
    index('complaints_room_history_idx')
      .on(t.hostel, t.roomNo, t.createdAt, t.id)
      .where(sql`${t.commonAreaId} is null and not ${t.confidential}`),
    index('complaints_area_history_idx')
      .on(t.commonAreaId, t.createdAt, t.id)
      .where(sql`${t.commonAreaId} is not null and not ${t.confidential}`),
    // The statutory clocks still running: the clocks job's scan and the duty's pinned list.
    index('complaints_fir_clock_idx')
      .on(t.firDueAt)
      .where(sql`${t.firDueAt} is not null and ${t.firDecision} is null`),
    index('complaints_enquiry_clock_idx')
      .on(t.enquiryDueAt)
      .where(sql`${t.enquiryDueAt} is not null and ${t.enquiryClosedAt} is null`),
    check('complaints_place_kind_check', sql`${t.placeKind} is null or ${oneOf(t.placeKind, PLACE_KINDS)}`),
    // Only a report that says where it happened may leave the reporter's own room out.
    check('complaints_room_check', sql`${t.roomNo} <> '' or ${t.placeKind} is not null or ${t.commonAreaId} is not null`),
    check('complaints_visit_check', sql`(${t.visitStartsAt} is null) = (${t.visitEndsAt} is null) and (${t.visitEndsAt} is null or ${t.visitEndsAt} > ${t.visitStartsAt})`),
    check('complaints_fir_decision_check', sql`${t.firDecision} is null or ${oneOf(t.firDecision, FIR_DECISIONS)}`),
    check('complaints_enquiry_outcome_check', sql`${t.enquiryOutcome} is null or ${oneOf(t.enquiryOutcome, ENQUIRY_OUTCOMES)}`),
    check(
      'complaints_clock_levels_check',
      sql`${t.firEscalationLevel} between 0 and 2 and ${t.enquiryEscalationLevel} between 0 and 2`,
    ),
    check('complaints_rating_check', sql`${t.rating} is null or ${t.rating} between 1 and 5`),
    check('complaints_kind_check', oneOf(t.kind, COMPLAINT_KINDS)),
    check('complaints_status_check', oneOf(t.status, STATUSES)),
    check('complaints_target_unit_check', oneOf(t.targetUnit, TARGET_UNITS)),
    // A paused clock knows both when it stopped and what it had left.
    check('complaints_clock_pause_check', sql`(${t.clockPausedAt} is null) = (${t.clockLeftMs} is null)`),
  ],
);

/** The timeline: one row per state change, written in the same transaction as the change. */
export const complaintEvents = pgTable(
  'complaint_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    complaintId: uuid('complaint_id')
      .notNull()
      .references(() => complaints.id, { onDelete: 'cascade' }),
    actorId: uuid('actor_id').references(() => users.id),
    /** A reply by mail from a facility address that has no account (the routed team mailbox): who wrote it. */
    actorAddress: text('actor_address'),
    fromStatus: text('from_status', { enum: STATUSES }),
    toStatus: text('to_status', { enum: STATUSES }).notNull(),
    kind: text('kind', { enum: EVENT_KINDS }).notNull().default('status'),
    /** Internal notes are never shown to the student. */
    public: boolean('public').notNull().default(true),
    note: text('note').notNull().default(''),
    /** The Idempotency-Key of the staff request that wrote it: a retried reply or status change is not written twice. */
    idempotencyKey: text('idempotency_key'),
    /** Written in the portal, or by answering a mail from it (the reply address). */
    channel: text('channel', { enum: EVENT_CHANNELS }).notNull().default('portal'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('complaint_events_complaint_idx').on(t.complaintId, t.createdAt),
    uniqueIndex('complaint_events_actor_idempotency_key').on(t.actorId, t.idempotencyKey).where(sql`${t.idempotencyKey} is not null`),
    check('complaint_events_kind_check', oneOf(t.kind, EVENT_KINDS)),
    check('complaint_events_channel_check', oneOf(t.channel, EVENT_CHANNELS)),
  ],
);

/**
 * Every mail that reached the portal's reply address, once per Message-ID: what became of it
 * (posted to a thread, or dropped and why). The unique Message-ID is what makes a message that
 * arrives twice (a retrying relay, an IMAP poll after a crash) post once.
 */
export const inboundMail = pgTable(
  'inbound_mail',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: text('message_id').notNull(),
    complaintId: uuid('complaint_id').references(() => complaints.id, { onDelete: 'set null' }),
    outcome: text('outcome', { enum: INBOUND_OUTCOMES }).notNull(),
    /** Why it was dropped (unknown_token, sender_mismatch, auto_reply, loop …); '' when posted. */
    reason: text('reason').notNull().default(''),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('inbound_mail_message_id_key').on(t.messageId),
    index('inbound_mail_received_idx').on(t.receivedAt),
    check('inbound_mail_outcome_check', oneOf(t.outcome, INBOUND_OUTCOMES)),
  ],
);

/**
 * Where complaints go. `routing_key` is the original app's recipient key (wifiComplaints,
 * roomCleaners, …); `hostel` '' is the default for every hostel, a hostel name overrides it.
 */
export const routingRules = pgTable(
  'routing_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    routingKey: text('routing_key').notNull(),
    hostel: text('hostel').notNull().default(''),
    toEmails: text('to_emails').array().notNull(),
    ccEmails: text('cc_emails').array().notNull().default(sql`'{}'::text[]`),
    updatedBy: uuid('updated_by').references(() => users.id),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('routing_rules_key_hostel_key').on(t.routingKey, t.hostel),
    check('routing_rules_to_not_empty', sql`cardinality(${t.toEmails}) > 0`),
  ],
);

/**
 * Transactional outbox: a mail row commits with the change that caused it, and the dispatcher
 * delivers it afterwards, so a confirmed complaint's mail survives SMTP outages and crashes.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    complaintId: uuid('complaint_id').references(() => complaints.id, { onDelete: 'set null' }),
    /** facility | acknowledgement | … : what the mail is for. */
    purpose: text('purpose').notNull(),
    toEmails: text('to_emails').array().notNull(),
    ccEmails: text('cc_emails').array().notNull().default(sql`'{}'::text[]`),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    /** Stable per row: a resend after a crash carries the same Message-ID. */
    messageId: text('message_id').notNull(),
    /** The complaint's thread id, sent as In-Reply-To and References so mail clients keep one conversation. */
    threadRef: text('thread_ref'),
    /** held (no SMTP configured) | queued | sent | failed */
    status: text('status', { enum: OUTBOX_STATUSES }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A claim: while in the future, one dispatcher owns the row. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    smtpResponse: text('smtp_response'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('outbox_message_id_key').on(t.messageId),
    index('outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'queued'`),
    index('outbox_complaint_idx').on(t.complaintId),
    // /metrics counts what is not sent yet and finds the oldest of it without reading every sent row.
    index('outbox_unsent_idx').on(t.status, t.createdAt).where(sql`${t.status} <> 'sent'`),
    check('outbox_status_check', oneOf(t.status, OUTBOX_STATUSES)),
  ],
);

export type ComplaintRow = typeof complaints.$inferSelect;

/**
 * Students who follow a complaint that is not theirs: they said "Me too" while filing, or their
 * own duplicate was merged into it. They hear of its progress by their channels and may leave.
 */
export const complaintFollowers = pgTable(
  'complaint_followers',
  {
    complaintId: uuid('complaint_id')
      .notNull()
      .references(() => complaints.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    source: text('source', { enum: FOLLOW_SOURCES }).notNull(),
    /** The duplicate that brought them here when merged (an undo takes them away again). */
    viaComplaintId: uuid('via_complaint_id').references(() => complaints.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.complaintId, t.userId] }),
    index('complaint_followers_user_idx').on(t.userId, t.createdAt),
    check('complaint_followers_source_check', oneOf(t.source, FOLLOW_SOURCES)),
  ],
);

/**
 * A notice of a known problem in a hostel (floors optional) and category, posted by a worker in
 * scope or a warden: shown to matching students on the home page and the form while it is active;
 * complaints filed meanwhile link to it, and resolving it resolves them.
 */
export const incidents = pgTable(
  'incidents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    hostel: text('hostel').notNull(),
    /** The floors affected; empty is the whole hostel. */
    floors: integer('floors').array().notNull().default(sql`'{}'::integer[]`),
    category: text('category').notNull(),
    title: text('title').notNull(),
    details: text('details').notNull().default(''),
    status: text('status', { enum: INCIDENT_STATUSES }).notNull().default('active'),
    /** When the team expects it to be over (shown as "expected fix"); the notice stays up until resolved or taken down. */
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    createdBy: uuid('created_by').references(() => users.id),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: uuid('resolved_by').references(() => users.id),
    resolutionNote: text('resolution_note').notNull().default(''),
    ...timestamps,
  },
  (t) => [
    index('incidents_active_idx').on(t.hostel, t.category).where(sql`${t.status} = 'active'`),
    index('incidents_created_idx').on(t.createdAt),
    check('incidents_status_check', oneOf(t.status, INCIDENT_STATUSES)),
  ],
);

/** Students who said a notice affects them too without filing: told once when it is resolved. */
export const incidentFollowers = pgTable(
  'incident_followers',
  {
    incidentId: uuid('incident_id')
      .notNull()
      .references(() => incidents.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.incidentId, t.userId] }), index('incident_followers_user_idx').on(t.userId)],
);

/**
 * A bulk change from the queue (resolve twelve, say): it waits out its undo window as 'pending',
 * touching nothing and telling nobody, then runs once; `results` says per complaint what happened.
 * Stored, so an instance that stops during the window leaves it to be run by another (or itself).
 */
export const bulkActions = pgTable(
  'bulk_actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id')
      .notNull()
      .references(() => users.id),
    /** The transition's target status, or 'take' (assign to the actor). */
    action: text('action').notNull(),
    note: text('note').notNull().default(''),
    complaintIds: uuid('complaint_ids').array().notNull(),
    status: text('status', { enum: BULK_ACTION_STATUSES }).notNull().default('pending'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    /** Per complaint: its number, whether it changed, and why not. */
    results: jsonb('results'),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('bulk_actions_due_idx').on(t.runAt).where(sql`${t.status} = 'pending'`),
    index('bulk_actions_actor_idx').on(t.actorId, t.createdAt),
    check('bulk_actions_status_check', oneOf(t.status, BULK_ACTION_STATUSES)),
  ],
);

export type ComplaintFollowerRow = typeof complaintFollowers.$inferSelect;
export type IncidentRow = typeof incidents.$inferSelect;
export type BulkActionRow = typeof bulkActions.$inferSelect;
export type ComplaintEventRow = typeof complaintEvents.$inferSelect;
export type RoutingRuleRow = typeof routingRules.$inferSelect;
export type OutboxRow = typeof outbox.$inferSelect;

/** Which complaints a staff member or warden works: a category ('' = any) in a hostel ('' = any). */
export const staffScopes = pgTable(
  'staff_scopes',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: text('category').notNull().default(''),
    hostel: text('hostel').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.userId, t.category, t.hostel] })],
);

/**
 * Complaints per category, hostel and status, kept by a trigger in the same transaction as every
 * change, so the consoles' counts never scan the complaints table. Of each row's complaints, how
 * many nobody is assigned and how many were escalated: the attention strip's figures at ten million
 * complaints (migration 0028, decision 61).
 */
export const complaintCounts = pgTable(
  'complaint_counts',
  {
    category: text('category').notNull(),
    hostel: text('hostel').notNull(),
    status: text('status', { enum: STATUSES }).notNull(),
    count: integer('count').notNull().default(0),
    unassigned: integer('unassigned').notNull().default(0),
    escalated: integer('escalated').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.category, t.hostel, t.status] })],
);

/**
 * Insights rollup: one row per UTC day × hostel × category, kept by a trigger on complaints in the
 * same transaction as each change (migration 0012, decision 26). Events count on the day they
 * happened: filed on the filing day, acknowledged on the first response, and so on. Durations are
 * histograms over INSIGHT_DURATION_BOUNDS_MINUTES (percentiles cannot be summed, bucket counts can);
 * ratings are counts of 1…5.
 */
export const insightDaily = pgTable(
  'insight_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    hostel: text('hostel').notNull(),
    category: text('category').notNull(),
    filed: integer('filed').notNull().default(0),
    acknowledged: integer('acknowledged').notNull().default(0),
    resolved: integer('resolved').notNull().default(0),
    resolvedOnTime: integer('resolved_on_time').notNull().default(0),
    reopened: integer('reopened').notNull().default(0),
    ackHist: integer('ack_hist').array().notNull(),
    resolveHist: integer('resolve_hist').array().notNull(),
    ratings: integer('ratings').array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.hostel, t.category] })],
);

/** Who did what to which record, with before and after; append-only. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id').references(() => users.id),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    details: jsonb('details').notNull().default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt), index('audit_log_target_idx').on(t.targetType, t.targetId)],
);

export type StaffScopeRow = typeof staffScopes.$inferSelect;

/** The in-app bell: what happened to a user's complaints (or was assigned to them). */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    complaintId: uuid('complaint_id').references(() => complaints.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    /**
     * Bells of one kind folded into one ("5 complaints became late"): an unread bell with the same
     * key from the last hour is updated instead of a new one rung.
     */
    groupKey: text('group_key'),
    groupCount: integer('group_count').notNull().default(1),
    /** Where a bell about no single complaint leads (a cleaning visit: '/cleaning'); a path in the portal. */
    link: text('link'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt, t.id),
    index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
    index('notifications_group_idx').on(t.userId, t.groupKey, t.createdAt).where(sql`${t.groupKey} is not null`),
  ],
);

/** One browser (device) a person let the portal push to; an endpoint belongs to one person at a time. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    /** The browser's P-256 public key and auth secret, base64url, as PushSubscription.toJSON() gives them. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint), index('push_subscriptions_user_idx').on(t.userId)],
);

export const PUSH_STATUSES = ['queued', 'sent', 'failed', 'expired'] as const;

/**
 * Push outbox: a row per (event, subscription), written in the transaction that rings the bell,
 * delivered by the push dispatcher afterwards. The unique pair means an event is never pushed to a
 * device twice; a subscription the push service says is gone takes its rows with it.
 */
export const pushOutbox = pgTable(
  'push_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The notification this push is about (its bell row's id when the bell is on). */
    eventId: uuid('event_id').notNull(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    /** The JSON the browser receives (title, body, url, tag), already past the confidentiality guard. */
    payload: text('payload').notNull(),
    /** Pushes replace each other on the device per topic (the complaint number). */
    topic: text('topic').notNull(),
    status: text('status', { enum: PUSH_STATUSES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('push_outbox_event_subscription_key').on(t.eventId, t.subscriptionId),
    index('push_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'queued'`),
    index('push_outbox_subscription_idx').on(t.subscriptionId),
    check('push_outbox_status_check', oneOf(t.status, PUSH_STATUSES)),
  ],
);

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;
export type PushOutboxRow = typeof pushOutbox.$inferSelect;

/*
 * WhatsApp (issue 43), on Meta's WhatsApp Cloud API. A number is linked to one account at a time;
 * what Meta posts to the webhook is queued before it is read (so the webhook answers at once and a
 * message delivered twice is worked once); what the portal sends goes through its own outbox.
 */

/** A WhatsApp number (its wa_id, the digits of its international form) linked to an account. */
export const whatsappLinks = pgTable('whatsapp_links', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  waId: text('wa_id').notNull().unique(),
  linkedAt: timestamp('linked_at', { withTimezone: true }).notNull().defaultNow(),
  /** The student's last message: free text may be sent for 24 hours after it, a template after that. */
  lastInboundAt: timestamp('last_inbound_at', { withTimezone: true }),
});

/** A short-lived code a signed-in student sends as `LINK <code>` from WhatsApp; one per account. */
export const whatsappLinkCodes = pgTable('whatsapp_link_codes', {
  code: text('code').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Where a chat with a linked number stands: a complaint being filed step by step, or a reopen
 * waiting for its reason. Forgotten after a quiet half hour (the chat starts over).
 */
export const whatsappConversations = pgTable('whatsapp_conversations', {
  waId: text('wa_id').primaryKey(),
  state: jsonb('state').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const WHATSAPP_INBOUND_STATUSES = ['queued', 'done', 'failed'] as const;

/**
 * One event of a webhook post: a message (keyed by its id) or a delivery status (its message's id
 * and the status). The key makes a redelivered event one row, worked once.
 */
export const whatsappInbound = pgTable(
  'whatsapp_inbound',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The order events came in (one post may carry several, stored in one statement at one now()). */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    eventKey: text('event_key').notNull().unique(),
    waId: text('wa_id').notNull(),
    event: jsonb('event').notNull(),
    status: text('status', { enum: WHATSAPP_INBOUND_STATUSES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    ...timestamps,
  },
  (t) => [
    index('whatsapp_inbound_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'queued'`),
    check('whatsapp_inbound_status_check', oneOf(t.status, WHATSAPP_INBOUND_STATUSES)),
  ],
);

export const WHATSAPP_OUTBOX_STATUSES = ['queued', 'sent', 'failed', 'expired'] as const;
/** What Meta's statuses said of a sent message, in the order they arrive. */
export const WHATSAPP_DELIVERIES = ['sent', 'delivered', 'read', 'failed'] as const;

/**
 * A WhatsApp message to send. Free text within 24 hours of the person's last message, else the
 * template (decided when it is sent, not when it is queued): `message` holds both.
 */
export const whatsappOutbox = pgTable(
  'whatsapp_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The order messages were queued in: one number's go out in it. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    /** The notice this message is about (as push rows have), when it is one. */
    eventId: uuid('event_id'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    waId: text('wa_id').notNull(),
    /** The complaint it is about: an answer quoting this message goes to that complaint's thread. */
    complaintId: uuid('complaint_id').references(() => complaints.id, { onDelete: 'set null' }),
    message: jsonb('message').notNull(),
    status: text('status', { enum: WHATSAPP_OUTBOX_STATUSES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    /** The id the Graph API gave the message (wamid…): statuses and quoted answers name it. */
    wamid: text('wamid').unique(),
    delivery: text('delivery', { enum: WHATSAPP_DELIVERIES }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('whatsapp_outbox_event_key').on(t.eventId, t.waId),
    index('whatsapp_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'queued'`),
    check('whatsapp_outbox_status_check', oneOf(t.status, WHATSAPP_OUTBOX_STATUSES)),
    check('whatsapp_outbox_delivery_check', sql`${t.delivery} is null or ${oneOf(t.delivery, WHATSAPP_DELIVERIES)}`),
  ],
);
export type WhatsappOutboxRow = typeof whatsappOutbox.$inferSelect;

/**
 * One-click links in facility mail (Acknowledge, Resolved): the token is sent, only its hash is
 * kept; it works once and until it expires.
 */
export const actionTokens = pgTable(
  'action_tokens',
  {
    id: text('id').primaryKey(),
    complaintId: uuid('complaint_id')
      .notNull()
      .references(() => complaints.id, { onDelete: 'cascade' }),
    action: text('action', { enum: LINK_ACTIONS }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    spentAt: timestamp('spent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('action_tokens_complaint_idx').on(t.complaintId),
    check('action_tokens_action_check', oneOf(t.action, LINK_ACTIONS)),
  ],
);

export type NotificationRow = typeof notifications.$inferSelect;

// ---------------------------------------------------------------------------------------------
// The catalogue an administrator shapes (issue 6). Complaints keep the names and keys they were
// filed with, so hostels and categories are retired, never deleted.

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** The university's profile: one row. The environment overrides fields it sets (config.ts). */
export const university = pgTable(
  'university',
  {
    id: integer('id').primaryKey().default(1),
    name: text('name').notNull(),
    shortName: text('short_name').notNull(),
    /**
     * The texts an admin writes in other languages, by language then field (decision 67): name,
     * shortName, aboutText, committeeName. A field left out falls back to the English.
     */
    translations: translations<'name' | 'shortName' | 'aboutText' | 'committeeName'>(),
    /** The IANA zone every date, "due today", insights' days and weeks and the digests follow. */
    timeZone: text('time_zone').notNull().default('Asia/Kolkata'),
    /** ISO weekdays (1 Monday … 7 Sunday) nobody works: clocks counted in working days skip them (issue 44). */
    weeklyDaysOff: integer('weekly_days_off').array().notNull().default(sql`'{7}'::integer[]`),
    /** The language of mail to an address that is nobody's account, and to people who never chose one. */
    defaultLocale: text('default_locale', { enum: LOCALES }).notNull().default('en'),
    allowedDomains: text('allowed_domains').array().notNull(),
    regPattern: text('reg_pattern').notNull(),
    aboutText: text('about_text').notNull().default(''),
    credits: text('credits').array().notNull().default(sql`'{}'::text[]`),
    logo: bytea('logo'),
    logoType: text('logo_type'),
    /**
     * Anti-ragging contacts (UGC regulations): the national helpline, the committee and the nodal
     * officer are shown on every page; the head of the institution is told when a statutory clock
     * runs out twice (decision 40).
     */
    raggingHelpline: text('ragging_helpline').notNull().default('1800-180-5522'),
    committeeName: text('committee_name').notNull().default('Anti-Ragging Committee'),
    committeeEmail: text('committee_email').notNull().default(''),
    committeePhone: text('committee_phone').notNull().default(''),
    nodalOfficerName: text('nodal_officer_name').notNull().default(''),
    nodalOfficerEmail: text('nodal_officer_email').notNull().default(''),
    nodalOfficerPhone: text('nodal_officer_phone').notNull().default(''),
    headName: text('head_name').notNull().default(''),
    headEmail: text('head_email').notNull().default(''),
    /** Bumped by every change to the catalogue, so each instance knows when to reload it. */
    catalogVersion: integer('catalog_version').notNull().default(1),
    updatedBy: uuid('updated_by').references(() => users.id),
    ...timestamps,
  },
  (t) => [
    check('university_single_row', sql`${t.id} = 1`),
    check('university_default_locale_check', localeShape(t.defaultLocale)),
  ],
);

export const hostels = pgTable(
  'hostels',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    translations: translations<'name'>(),
    floorMin: integer('floor_min').notNull(),
    floorMax: integer('floor_max').notNull(),
    /** [{ from, to }, …], non-overlapping (checked by the service). */
    roomRanges: jsonb('room_ranges').$type<Array<{ from: number; to: number }>>().notNull(),
    /**
     * A short code for the printed QR labels' addresses (/p/B2/214): letters and digits, unique.
     * The default is only a fallback for rows written without one; the service derives it from the name.
     */
    code: text('code')
      .notNull()
      .default(sql`upper(substr(md5(random()::text), 1, 6))`),
    position: integer('position').notNull(),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('hostels_name_key').on(sql`lower(${t.name})`),
    uniqueIndex('hostels_code_key').on(sql`upper(${t.code})`),
    check('hostels_code_check', sql`${t.code} ~ '^[A-Za-z0-9]{1,12}$'`),
    check('hostels_floors_check', sql`${t.floorMin} <= ${t.floorMax}`),
  ],
);

/**
 * The university's holidays, a list per year (issue 44): with the weekly days off they make the
 * working-day calendar every clock counted in working days reads, on the university's clock.
 */
export const holidays = pgTable('holidays', {
  day: date('day', { mode: 'string' }).primaryKey(),
  name: text('name').notNull(),
  translations: translations<'name'>(),
  updatedBy: uuid('updated_by').references(() => users.id),
  ...timestamps,
});

export const categories = pgTable(
  'categories',
  {
    key: text('key').primaryKey(),
    cardTitle: text('card_title').notNull(),
    complaintHead: text('complaint_head').notNull(),
    description: text('description').notNull().default(''),
    /** Its names in other languages (decision 67); a field left out falls back to the English. */
    translations: translations<'cardTitle' | 'complaintHead' | 'description'>(),
    /** Each may have its own target time and routing key (absent: the category's), and its name in other languages. */
    subCategories: jsonb('sub_categories')
      .$type<Array<{ name: string; translations?: Translations<'name'>; confidential: boolean; targetHours?: number; targetUnit?: TargetUnit; routingKey?: string }>>()
      .notNull(),
    confidential: boolean('confidential').notNull().default(false),
    targetHours: integer('target_hours').notNull().default(72),
    /** Whether the target counts every hour or only the hours of working days (issue 44). */
    targetUnit: text('target_unit', { enum: TARGET_UNITS }).notNull().default('hours'),
    /** Hours past due before the hostel's wardens are told, then before the admins are. */
    escalateWardensAfterHours: integer('escalate_wardens_after_hours').notNull().default(0),
    escalateAdminsAfterHours: integer('escalate_admins_after_hours').notNull().default(24),
    routingKey: text('routing_key').notNull(),
    position: integer('position').notNull(),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('categories_routing_key_key').on(t.routingKey),
    uniqueIndex('categories_card_title_key').on(sql`lower(${t.cardTitle})`),
    check('categories_target_unit_check', oneOf(t.targetUnit, TARGET_UNITS)),
  ],
);

export const services = pgTable('services', {
  key: text('key').primaryKey(),
  label: text('label').notNull(),
  translations: translations<'label'>(),
  enabled: boolean('enabled').notNull().default(false),
  /** How soon a request should be done (the service's due time). */
  targetHours: integer('target_hours').notNull().default(24),
  targetUnit: text('target_unit', { enum: TARGET_UNITS }).notNull().default('hours'),
  routingKey: text('routing_key').notNull().unique('services_routing_key_key'),
  position: integer('position').notNull(),
  ...timestamps,
}, (t) => [check('services_target_unit_check', oneOf(t.targetUnit, TARGET_UNITS))]);

export type UniversityRow = typeof university.$inferSelect;
export type HolidayRow = typeof holidays.$inferSelect;
export type HostelRow = typeof hostels.$inferSelect;
export type CategoryRow = typeof categories.$inferSelect;
export type ServiceRow = typeof services.$inferSelect;
export type InboundMailRow = typeof inboundMail.$inferSelect;

// ---------------------------------------------------------------------------------------------
// Photos (issue 13, decision 23): uploaded first, attached to a complaint in the transaction that
// files or resolves it. Unattached rows are pending uploads; a job removes those left behind.

export const photos = pgTable(
  'photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    uploaderId: uuid('uploader_id')
      .notNull()
      .references(() => users.id),
    /** Null while the upload waits to be attached. */
    complaintId: uuid('complaint_id').references(() => complaints.id, { onDelete: 'cascade' }),
    /** Or the grievance it went with (issue 44): a photo belongs to one complaint or one grievance, never both. */
    grievanceId: uuid('grievance_id').references((): AnyPgColumn => grievances.id, { onDelete: 'cascade' }),
    stage: text('stage', { enum: PHOTO_STAGES }).notNull().default('before'),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    storage: text('storage', { enum: PHOTO_STORAGES }).notNull(),
    /** Set once every variant's bytes are written; only stored photos can be attached. */
    storedAt: timestamp('stored_at', { withTimezone: true }),
    attachedAt: timestamp('attached_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('photos_stage_check', oneOf(t.stage, PHOTO_STAGES)),
    check('photos_storage_check', oneOf(t.storage, PHOTO_STORAGES)),
    index('photos_complaint_idx').on(t.complaintId, t.createdAt),
    index('photos_grievance_idx').on(t.grievanceId, t.createdAt).where(sql`${t.grievanceId} is not null`),
    check('photos_one_owner_check', sql`${t.complaintId} is null or ${t.grievanceId} is null`),
    // Pending uploads: counted per uploader, and swept by age.
    index('photos_pending_uploader_idx').on(t.uploaderId).where(sql`${t.complaintId} is null and ${t.grievanceId} is null`),
    index('photos_pending_created_idx').on(t.createdAt).where(sql`${t.complaintId} is null and ${t.grievanceId} is null`),
  ],
);

/** A photo's bytes when they live in the database (the default): one row per variant. */
export const photoBlobs = pgTable(
  'photo_blobs',
  {
    photoId: uuid('photo_id')
      .notNull()
      .references(() => photos.id, { onDelete: 'cascade' }),
    variant: text('variant', { enum: PHOTO_VARIANTS }).notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.photoId, t.variant] }), check('photo_blobs_variant_check', oneOf(t.variant, PHOTO_VARIANTS))],
);

export type PhotoRow = typeof photos.$inferSelect;

// ---------------------------------------------------------------------------------------------
// Scheduled jobs (plugins/jobs.ts): each job's last and next run, shared by every instance, so a
// restart neither forgets a run that fell due while it was down nor repeats one another instance did.

export const scheduledJobs = pgTable('scheduled_jobs', {
  name: text('name').primaryKey(),
  /** When the job may run next; an instance claims a run by moving this forward while it is due. */
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
  lastStartedAt: timestamp('last_started_at', { withTimezone: true }),
  lastFinishedAt: timestamp('last_finished_at', { withTimezone: true }),
  /** The last run's error message; null when it succeeded. */
  lastError: text('last_error'),
});

export type ScheduledJobRow = typeof scheduledJobs.$inferSelect;

/**
 * `npm run demo`'s fills (scripts/demo.ts): a start without a finish is a fill that was interrupted
 * (Ctrl+C), which the next run clears and does again instead of serving half a university.
 */
export const demoFills = pgTable('demo_fills', {
  startedAt: timestamp('started_at', { withTimezone: true }).primaryKey().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});

/**
 * Surprise checks of hostels by the anti-ragging squad (UGC regulations): when, who went and what
 * they found, for the committee's reports.
 */
export const raggingInspections = pgTable(
  'ragging_inspections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    hostel: text('hostel').notNull(),
    inspectedAt: timestamp('inspected_at', { withTimezone: true }).notNull(),
    findings: text('findings').notNull(),
    /** Who went (names or roles, as written). */
    squad: text('squad').notNull(),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ragging_inspections_inspected_idx').on(t.inspectedAt), index('ragging_inspections_hostel_idx').on(t.hostel, t.inspectedAt)],
);

export type RaggingInspectionRow = typeof raggingInspections.$inferSelect;

// ---------------------------------------------------------------------------------------------
// Places (issue 27)

/**
 * A hostel's common areas, beside its rooms: a floor's washroom, the corridor, the mess hall, the
 * laundry room. Admins name them; a complaint's place is a room or one of these. Its code makes
 * the printed label's address (/p/B2/W3); a retired area keeps its history but takes no new complaints.
 */
export const commonAreas = pgTable(
  'common_areas',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    hostelId: uuid('hostel_id')
      .notNull()
      .references(() => hostels.id),
    /** The floor it is on; null for one that serves the whole building (the mess hall). */
    floor: integer('floor'),
    name: text('name').notNull(),
    translations: translations<'name'>(),
    /** Starts with a letter, so an address tells it from a room number. */
    code: text('code').notNull(),
    position: integer('position').notNull().default(0),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('common_areas_code_key').on(t.hostelId, sql`upper(${t.code})`),
    uniqueIndex('common_areas_name_key')
      .on(t.hostelId, sql`coalesce(${t.floor}, -1000)`, sql`lower(${t.name})`)
      .where(sql`${t.retiredAt} is null`),
    check('common_areas_code_check', sql`${t.code} ~ '^[A-Za-z][A-Za-z0-9]{0,11}$'`),
  ],
);

export type CommonAreaRow = typeof commonAreas.$inferSelect;

/**
 * A visit time for in-room work, proposed by staff or by the student in the thread; the other side
 * accepts (the complaint's visit_starts_at/visit_ends_at) or declines. At most one is open at a time.
 */
export const visitProposals = pgTable(
  'visit_proposals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    complaintId: uuid('complaint_id')
      .notNull()
      .references(() => complaints.id, { onDelete: 'cascade' }),
    proposedBy: uuid('proposed_by').references(() => users.id),
    byStudent: boolean('by_student').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: VISIT_PROPOSAL_STATUSES }).notNull().default('open'),
    respondedBy: uuid('responded_by').references(() => users.id),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('visit_proposals_complaint_idx').on(t.complaintId, t.createdAt),
    uniqueIndex('visit_proposals_open_key').on(t.complaintId).where(sql`${t.status} = 'open'`),
    check('visit_proposals_status_check', oneOf(t.status, VISIT_PROPOSAL_STATUSES)),
    check('visit_proposals_times_check', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

export type VisitProposalRow = typeof visitProposals.$inferSelect;

/** A weekly cleaning slot a hostel offers (admins set them): ISO weekday (1 Monday … 7 Sunday) and times of day on the university's clock (the profile's time zone). */
export const cleaningSlots = pgTable(
  'cleaning_slots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    hostelId: uuid('hostel_id')
      .notNull()
      .references(() => hostels.id),
    weekday: integer('weekday').notNull(),
    /** 'HH:MM', 24-hour. */
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    /** How many rooms the staff can do in it; null: no limit. */
    capacity: integer('capacity'),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('cleaning_slots_hostel_idx').on(t.hostelId, t.weekday),
    check('cleaning_slots_weekday_check', sql`${t.weekday} between 1 and 7`),
    check(
      'cleaning_slots_times_check',
      sql`${t.startTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and ${t.endTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and ${t.startTime} < ${t.endTime}`,
    ),
    check('cleaning_slots_capacity_check', sql`${t.capacity} is null or ${t.capacity} > 0`),
  ],
);

export type CleaningSlotRow = typeof cleaningSlots.$inferSelect;

/** A student's recurring cleaning: their room, every week in one slot, from starts_on until cancelled. */
export const cleaningBookings = pgTable(
  'cleaning_bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id),
    slotId: uuid('slot_id')
      .notNull()
      .references(() => cleaningSlots.id),
    floor: integer('floor').notNull(),
    roomNo: text('room_no').notNull(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('cleaning_bookings_active_key').on(t.studentId, t.slotId).where(sql`${t.cancelledAt} is null`),
    index('cleaning_bookings_slot_idx').on(t.slotId).where(sql`${t.cancelledAt} is null`),
    index('cleaning_bookings_student_idx').on(t.studentId, t.createdAt),
  ],
);

export type CleaningBookingRow = typeof cleaningBookings.$inferSelect;

/** A week the student skipped: no visit on that day. */
export const cleaningSkips = pgTable(
  'cleaning_skips',
  {
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => cleaningBookings.id, { onDelete: 'cascade' }),
    on: date('on', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.bookingId, t.on] })],
);

/** What the cleaning staff marked for a booking on a day: done, or not possible with a reason the student sees. */
export const cleaningVisits = pgTable(
  'cleaning_visits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => cleaningBookings.id, { onDelete: 'cascade' }),
    on: date('on', { mode: 'string' }).notNull(),
    outcome: text('outcome', { enum: CLEANING_VISIT_OUTCOMES }).notNull(),
    reason: text('reason').notNull().default(''),
    markedBy: uuid('marked_by').references(() => users.id),
    markedAt: timestamp('marked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cleaning_visits_booking_day_key').on(t.bookingId, t.on),
    index('cleaning_visits_day_idx').on(t.on),
    check('cleaning_visits_outcome_check', oneOf(t.outcome, CLEANING_VISIT_OUTCOMES)),
    check('cleaning_visits_reason_check', sql`${t.outcome} = 'done' or ${t.reason} <> ''`),
  ],
);

export type CleaningVisitRow = typeof cleaningVisits.$inferSelect;

// ---------------------------------------------------------------------------------------------
// The grievance ladder (issue 44, decision 73): the Student Grievance Redressal Committee, the
// Ombudsperson, and the grievances taken to them, each with its thread.

/**
 * Who sits on the committee, and the Ombudsperson: one row per address (an account need not exist
 * yet; whoever signs in with the address acts in the seat). An address has one seat at most, so
 * the Ombudsperson, who hears appeals against the committee, is never also on it.
 */
export const grievanceSeats = pgTable(
  'grievance_seats',
  {
    email: text('email').primaryKey(),
    name: text('name').notNull(),
    seat: text('seat', { enum: GRIEVANCE_SEATS }).notNull(),
    woman: boolean('woman').notNull().default(false),
    reservedCategory: boolean('reserved_category').notNull().default(false),
    /** The order the admin console listed them in. */
    position: integer('position').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    check('grievance_seats_seat_check', oneOf(t.seat, GRIEVANCE_SEATS)),
    check('grievance_seats_email_lower_check', sql`${t.email} = lower(${t.email})`),
    uniqueIndex('grievance_seats_one_chair_key').on(t.seat).where(sql`${t.seat} = 'chair'`),
    uniqueIndex('grievance_seats_one_ombudsperson_key').on(t.seat).where(sql`${t.seat} = 'ombudsperson'`),
  ],
);

export type GrievanceSeatRow = typeof grievanceSeats.$inferSelect;

/** Human grievance numbers (GR-2026-0042): their own sequence, so they never look like a complaint's. */
export const grievanceNumberSeq = pgSequence('grievance_number_seq', { startWith: 1, cache: 1 });

/**
 * A grievance: on a complaint the student filed (at most one per complaint), or about a hostel
 * matter with none. Each step's time is the portal's clock (app.clock) when it happened, and each
 * deadline is stored when its clock starts, so a holiday declared later does not move a past one.
 */
/** See grievances.papers. */
export interface GrievancePapers {
  decision?: { by: string; ombudsperson: string | null; university: string };
  disposal?: { by: string; university: string };
}

export const grievances = pgTable(
  'grievances',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id),
    complaintId: uuid('complaint_id').references(() => complaints.id),
    hostel: text('hostel').notNull(),
    /** The complaint's category key; null for a grievance with no complaint behind it. */
    category: text('category'),
    subject: text('subject').notNull(),
    reason: text('reason').notNull(),
    status: text('status', { enum: GRIEVANCE_STATUSES }).notNull().default('received'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    /** The end of the 15th working day after receipt, on the calendar of that day. */
    committeeDueAt: timestamp('committee_due_at', { withTimezone: true }).notNull(),
    /** Who was told the committee's clock ran out: 0 nobody, 1 the chair, 2 the head of the institution. */
    committeeLevel: integer('committee_level').notNull().default(0),
    hearingAt: timestamp('hearing_at', { withTimezone: true }),
    hearingPlace: text('hearing_place'),
    outcome: text('outcome', { enum: COMMITTEE_OUTCOMES }),
    findings: text('findings'),
    decision: text('decision'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => users.id),
    /** The last moment the student may appeal: the end of the 15th day after the decision. */
    appealUntil: timestamp('appeal_until', { withTimezone: true }),
    appealReason: text('appeal_reason'),
    appealedAt: timestamp('appealed_at', { withTimezone: true }),
    /** The end of the 30th day after the appeal. */
    ombudspersonDueAt: timestamp('ombudsperson_due_at', { withTimezone: true }),
    /** Who was told the Ombudsperson's clock ran out: 0 nobody, 1 the Ombudsperson, 2 the head of the institution. */
    appealLevel: integer('appeal_level').notNull().default(0),
    appealOutcome: text('appeal_outcome', { enum: APPEAL_OUTCOMES }),
    disposalFindings: text('disposal_findings'),
    disposalDecision: text('disposal_decision'),
    disposedAt: timestamp('disposed_at', { withTimezone: true }),
    disposedBy: uuid('disposed_by').references(() => users.id),
    /**
     * The names a decision's and a disposal's dated PDF carry, as they were when it was issued (who
     * issued it, the Ombudsperson it points to, the university): a paper issued once reads the same
     * whoever holds the seats later.
     */
    papers: jsonb('papers').$type<GrievancePapers>().notNull().default(sql`'{}'::jsonb`),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('grievances_number_key').on(t.number),
    // One grievance per complaint (a second is refused with the first one's number).
    uniqueIndex('grievances_complaint_key').on(t.complaintId).where(sql`${t.complaintId} is not null`),
    index('grievances_student_idx').on(t.studentId, t.receivedAt),
    // The university's report counts by receipt over a period.
    index('grievances_received_idx').on(t.receivedAt),
    index('grievances_status_idx').on(t.status, t.receivedAt),
    // The clocks job's scans: the committee's still running, the Ombudsperson's still running.
    index('grievances_committee_clock_idx')
      .on(t.committeeDueAt)
      .where(sql`${t.status} in ('received', 'hearing_scheduled') and ${t.committeeLevel} < 2`),
    index('grievances_appeal_clock_idx')
      .on(t.ombudspersonDueAt)
      .where(sql`${t.status} = 'appealed' and ${t.appealLevel} < 2`),
    check('grievances_status_check', oneOf(t.status, GRIEVANCE_STATUSES)),
    check('grievances_outcome_check', sql`${t.outcome} is null or ${oneOf(t.outcome, COMMITTEE_OUTCOMES)}`),
    check('grievances_appeal_outcome_check', sql`${t.appealOutcome} is null or ${oneOf(t.appealOutcome, APPEAL_OUTCOMES)}`),
    check('grievances_levels_check', sql`${t.committeeLevel} between 0 and 2 and ${t.appealLevel} between 0 and 2`),
    // A decision is whole or absent; an appeal needs a decision; a disposal needs an appeal.
    check('grievances_decision_check', sql`(${t.decidedAt} is null) = (${t.outcome} is null) and (${t.decidedAt} is null or (${t.findings} is not null and ${t.decision} is not null and ${t.appealUntil} is not null))`),
    check('grievances_appeal_check', sql`${t.appealedAt} is null or (${t.decidedAt} is not null and ${t.ombudspersonDueAt} is not null)`),
    check('grievances_disposal_check', sql`(${t.disposedAt} is null) = (${t.appealOutcome} is null) and (${t.disposedAt} is null or ${t.appealedAt} is not null)`),
  ],
);

export type GrievanceRow = typeof grievances.$inferSelect;

/**
 * A grievance's thread: every step (raised, hearing, decision, appeal, question, message,
 * disposal, withdrawn, reminder) with who took it, in their seat at that moment.
 */
export const grievanceEntries = pgTable(
  'grievance_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    grievanceId: uuid('grievance_id')
      .notNull()
      .references(() => grievances.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: GRIEVANCE_ENTRY_KINDS }).notNull(),
    actorId: uuid('actor_id').references(() => users.id),
    /** The seat the author acted in: student, chair, member, special_invitee, ombudsperson; null for the portal. */
    actorSeat: text('actor_seat'),
    /** The author's name as it was then (a member's name is shown to members and the Ombudsperson). */
    actorName: text('actor_name').notNull().default(''),
    text: text('text').notNull().default(''),
    /** A question's addressee. */
    addressee: text('addressee'),
    hearingAt: timestamp('hearing_at', { withTimezone: true }),
    hearingPlace: text('hearing_place'),
    outcome: text('outcome'),
    /** A reminder's audience (chair, head, ombudsperson, admins) and the clock it was about. */
    details: jsonb('details').$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('grievance_entries_grievance_idx').on(t.grievanceId, t.createdAt),
    check('grievance_entries_kind_check', oneOf(t.kind, GRIEVANCE_ENTRY_KINDS)),
    check('grievance_entries_addressee_check', sql`${t.addressee} is null or ${t.addressee} in ('student', 'committee')`),
  ],
);

export type GrievanceEntryRow = typeof grievanceEntries.$inferSelect;
