import { and, desc, eq, gte, ilike, inArray, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AuditEntry, AuditQuery } from '../../../shared/admin.js';
import { areaLabel } from '../../../shared/places.js';
import type { Db } from '../../db/client.js';
import { auditLog, commonAreas, complaints, hostels, users } from '../../db/schema.js';
import { afterCursor, decodeCursor, pageOf } from '../../lib/keyset.js';
import { actorFor, mayKnowReporter, Reporters, withholdInJson, type Filed, type ReaderFacts } from '../confidentiality/index.js';
import { SOURCE_LOCALE } from '../../../shared/constants.js';
import { localName, type Translations } from '../../../shared/catalog.js';
import { i18nFor, type I18n } from '../../i18n/index.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const like = (text: string) => `%${text.replace(/[%_\\]/g, '\\$&')}%`;

/** The complaint an entry is about, by its number (most entries) or its id. */
const byNumber = alias(complaints, 'audit_complaint_by_number');
const byId = alias(complaints, 'audit_complaint_by_id');
const reporterColumns = (c: typeof byNumber | typeof byId) => ({
  id: c.id,
  confidential: c.confidential,
  anonymous: c.anonymous,
  studentId: c.studentId,
  userEmail: c.userEmail,
  regId: c.regId,
  fname: c.fname,
  roomNo: c.roomNo,
  floor: c.floor,
  placeText: c.placeText,
});

/** A left-joined complaint: absent when its id is null, and then whole (every column is not null in the table). */
/** "Floor 3 washroom, Block-2", in the reader's words and the Hindi names when the reader reads Hindi. */
function areaTarget(i18n: I18n, a: { name: string; translations: Translations<'name'>; floor: number | null; hostel: string; hostelTranslations: Translations<'name'> }): string {
  if (i18n.locale === SOURCE_LOCALE) return `${areaLabel(a)}, ${a.hostel}`;
  const name = localName(i18n.locale, a, 'name');
  const area = a.floor === null ? name : i18n._('Floor {floor} {area}', { floor: a.floor, area: name });
  return i18n._('{area}, {hostel}', { area, hostel: localName(i18n.locale, { name: a.hostel, translations: a.hostelTranslations }, 'name') });
}

const filedOf = (c: { [K in keyof Filed]: Filed[K] | null } | null): Filed | null => (c?.id ? (c as Filed) : null);

/**
 * The audit log as `reader` may read it, searchable, filterable, newest first. An entry about a
 * confidential report passes the projection (decision 63): to anyone without the anti-ragging duty
 * the reporter's own actions are the reporter's, named by nobody, no detail carries their identity,
 * and the search does not find such an entry by who did it or by what its details say.
 */
export async function listAudit(
  db: Db,
  reader: ReaderFacts,
  query: AuditQuery & { limit: number },
  i18n: I18n = i18nFor(SOURCE_LOCALE),
): Promise<{ items: AuditEntry[]; nextCursor: string | null }> {
  const { q, action, targetType, actor, from, to, cursor, limit } = query;
  const after = cursor ? decodeCursor(cursor) : undefined;
  const aboutComplaint = sql`${auditLog.targetType} = 'complaint'`;
  // Whether the entry is about a confidential report that the reader may not know the reporter of.
  const hidden = reader.antiRagging
    ? sql`false`
    : sql`(coalesce(${byNumber.confidential}, ${byId.confidential}, false) and not coalesce(${byNumber.anonymous}, ${byId.anonymous}, false))`;
  const byReporter = sql`(${hidden} and ${auditLog.actorId} = coalesce(${byNumber.studentId}, ${byId.studentId}))`;
  const rows = await db
    .select({
      entry: auditLog,
      actorEmail: users.email,
      actorName: users.name,
      numberComplaint: reporterColumns(byNumber),
      idComplaint: reporterColumns(byId),
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .leftJoin(byNumber, and(aboutComplaint, eq(byNumber.number, auditLog.targetId)))
    .leftJoin(byId, and(aboutComplaint, sql`${byId.id}::text = ${auditLog.targetId}`))
    .where(
      and(
        action ? eq(auditLog.action, action) : undefined,
        targetType ? eq(auditLog.targetType, targetType) : undefined,
        actor ? and(ilike(users.email, like(actor)), sql`not ${byReporter}`) : undefined,
        from ? gte(auditLog.createdAt, new Date(`${from}T00:00:00Z`)) : undefined,
        to ? lt(auditLog.createdAt, new Date(new Date(`${to}T00:00:00Z`).getTime() + 86_400_000)) : undefined,
        q
          ? or(
              ilike(auditLog.action, like(q)),
              ilike(auditLog.targetId, like(q)),
              and(ilike(users.email, like(q)), sql`not ${byReporter}`),
              and(sql`${auditLog.details}::text ilike ${like(q)}`, sql`not ${hidden}`),
            )
          : undefined,
        after ? afterCursor(auditLog, after) : undefined,
      ),
    )
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit + 1);
  const page = pageOf(rows, limit, (row) => row.entry);

  // Readable names for the targets on this page: complaint numbers, e-mail addresses, hostel names.
  const idsOf = (type: string) => page.items.filter((item) => item.entry.targetType === type && UUID.test(item.entry.targetId)).map((item) => item.entry.targetId);
  const [complaintRows, userRows, hostelRows, areaRows] = await Promise.all([
    idsOf('complaint').length ? db.select({ id: complaints.id, label: complaints.number }).from(complaints).where(inArray(complaints.id, idsOf('complaint'))) : [],
    idsOf('user').length ? db.select({ id: users.id, label: users.email }).from(users).where(inArray(users.id, idsOf('user'))) : [],
    idsOf('hostel').length ? db.select({ id: hostels.id, label: hostels.name }).from(hostels).where(inArray(hostels.id, idsOf('hostel'))) : [],
    idsOf('common_area').length
      ? db
          .select({ id: commonAreas.id, name: commonAreas.name, translations: commonAreas.translations, floor: commonAreas.floor, hostel: hostels.name, hostelTranslations: hostels.translations })
          .from(commonAreas)
          .innerJoin(hostels, eq(hostels.id, commonAreas.hostelId))
          .where(inArray(commonAreas.id, idsOf('common_area')))
      : [],
  ]);
  const areaLabels = areaRows.map((a) => ({ id: a.id, label: areaTarget(i18n, a) }));
  const labels = new Map([...complaintRows, ...userRows, ...hostelRows, ...areaLabels].map((row) => [row.id, row.label]));

  const about = page.items.map((item) => filedOf(item.numberComplaint) ?? filedOf(item.idComplaint));
  const reporters = await Reporters.load(
    db,
    about.filter((c): c is Filed => c !== null),
  );
  const items: AuditEntry[] = page.items.map(({ entry, actorEmail, actorName }, i) => {
    const complaint = about[i];
    const reporter = complaint ? reporters.of(complaint) : null;
    const actorShown = entry.actorId && actorEmail !== null ? { id: entry.actorId, email: actorEmail, name: actorName ?? '' } : null;
    const details = entry.details as Record<string, unknown>;
    const known = !reporter || mayKnowReporter(reporter, reader);
    return {
      id: entry.id,
      at: entry.createdAt.toISOString(),
      actor: reporter ? actorFor(reporter, reader, actorShown) : actorShown,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId,
      targetLabel: entry.targetType === 'university' ? 'University profile' : (labels.get(entry.targetId) ?? entry.targetId),
      details: known || !reporter ? details : (withholdInJson(reporter, details) as Record<string, unknown>),
    };
  });
  return { items, nextCursor: page.nextCursor };
}
