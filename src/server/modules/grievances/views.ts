import { asc, eq, inArray } from 'drizzle-orm';
import type { AppealOutcome, CommitteeOutcome, GrievanceClock, GrievanceSummary, GrievanceThreadEntry, GrievanceView } from '../../../shared/grievances.js';
import { STATUS_LABELS } from '../../../shared/constants.js';
import type { Db } from '../../db/client.js';
import { complaints, grievanceEntries, photos, users, type ComplaintRow, type GrievanceEntryRow, type GrievanceRow } from '../../db/schema.js';
import type { Reader } from '../../i18n/readers.js';
import { withholdIdentity, Reporters } from '../confidentiality/index.js';
import { workerTimeline } from '../staff/index.js';

/*
 * A grievance as each of its readers sees it (decision 73): the student who raised it, the
 * committee's members, the Ombudsperson. Everyone reads the same thread; who wrote an entry is
 * said in the reader's terms ("You", "The committee", a member's name for members), and the steps
 * the portal took (a reminder, a withdrawal) in the reader's language.
 */

export type Audience = 'student' | 'committee' | 'ombudsperson';

type Queryable = Pick<Db, 'select'>;

/** How a clock stands: stopped (done on time or late) or running (in time or overdue). */
export function clockOf(dueAt: Date, doneAt: Date | null, now: Date): GrievanceClock {
  const state = doneAt ? (doneAt <= dueAt ? 'on_time' : 'late') : now <= dueAt ? 'running' : 'overdue';
  return { dueAt: dueAt.toISOString(), state };
}

/** Whether the student may still appeal: decided, not appealed, and the window still open. */
export const mayAppeal = (g: GrievanceRow, now: Date): boolean => g.status === 'decided' && g.appealUntil !== null && now <= g.appealUntil;

/** What a complaint is about, as the grievance on it is named when the student gave no subject: in the filing's words, or the reader's. */
export const aboutComplaint = (c: Pick<ComplaintRow, 'category' | 'complaintHead' | 'subCategory'>) => (c.subCategory ? `${c.complaintHead}: ${c.subCategory}` : c.complaintHead);

type AboutColumns = Pick<ComplaintRow, 'number' | 'category' | 'complaintHead' | 'subCategory' | 'commonAreaId' | 'hostel' | 'placeText'>;

/**
 * The grievance's subject for this reader: one named after its complaint (the student gave none)
 * is named again in the reader's words of the catalogue; one the student wrote is theirs.
 */
function subjectFor(g: GrievanceRow, complaint: AboutColumns | null, r: Reader): string {
  if (!complaint || g.subject !== aboutComplaint(complaint)) return g.subject;
  return aboutComplaint(r.local(complaint));
}

export function toSummary(g: GrievanceRow, complaint: AboutColumns | null, now: Date, r: Reader): GrievanceSummary {
  const complaintNumber = complaint?.number ?? null;
  return {
    number: g.number,
    status: g.status,
    subject: subjectFor(g, complaint, r),
    hostel: r.hostel(g.hostel),
    complaintNumber,
    receivedAt: g.receivedAt.toISOString(),
    committee: clockOf(g.committeeDueAt, g.decidedAt ?? g.withdrawnAt, now),
    appeal: g.appealedAt && g.ombudspersonDueAt ? clockOf(g.ombudspersonDueAt, g.disposedAt, now) : null,
  };
}

export const pdfUrls = (number: string) => ({ decision: `/api/grievances/${number}/decision.pdf`, disposal: `/api/grievances/${number}/disposal.pdf` });

const SEAT_WORDS: Record<string, string> = {
  chair: /*i18n*/ 'chair',
  member: /*i18n*/ 'member',
  special_invitee: /*i18n*/ 'special invitee',
  ombudsperson: /*i18n*/ 'Ombudsperson',
};

function authorOf(entry: GrievanceEntryRow, audience: Audience, r: Reader): string {
  const { i18n } = r;
  const seat = entry.actorSeat;
  if (!seat) return i18n._('The portal');
  if (seat === 'student') return audience === 'student' ? i18n._('You') : entry.actorName;
  if (audience === 'student') return seat === 'ombudsperson' ? i18n._('The Ombudsperson') : i18n._('The committee');
  return i18n._('{name} ({seat})', { name: entry.actorName, seat: i18n._(SEAT_WORDS[seat] ?? seat) });
}

/** The words of a step the portal took, in the reader's language. */
function portalWords(entry: GrievanceEntryRow, audience: Audience, r: Reader): string {
  const { i18n } = r;
  const due = entry.details.dueAt ? r.time(new Date(entry.details.dueAt)) : '';
  const clock = entry.details.clock === 'appeal' ? 'appeal' : 'committee';
  if (audience === 'student') {
    return clock === 'appeal'
      ? i18n._('The appeal is past its deadline ({due}): a reminder was sent.', { due })
      : i18n._('The committee’s decision is past its deadline ({due}): a reminder was sent.', { due });
  }
  const to = entry.details.to;
  const who =
    to === 'head'
      ? i18n._('the head of the institution')
      : to === 'ombudsperson'
        ? i18n._('the Ombudsperson')
        : to === 'chair'
          ? i18n._('the chair')
          : i18n._('the administrators (nobody holds the seat)');
  return clock === 'appeal'
    ? i18n._('The appeal is past its deadline ({due}): {who} was told.', { due, who })
    : i18n._('The committee’s decision is past its deadline ({due}): {who} was told.', { due, who });
}

export function entryView(entry: GrievanceEntryRow, audience: Audience, number: string, r: Reader): GrievanceThreadEntry {
  const { i18n } = r;
  const base = { id: entry.id, at: entry.createdAt.toISOString(), kind: entry.kind, by: authorOf(entry, audience, r), fromStudent: entry.actorSeat === 'student' };
  switch (entry.kind) {
    case 'reminder':
      return { ...base, text: portalWords(entry, audience, r) };
    case 'withdrawn':
      return { ...base, text: audience === 'student' ? i18n._('You withdrew the grievance.') : i18n._('The student withdrew the grievance.') };
    case 'hearing':
      return {
        ...base,
        text: i18n._('Hearing on {at}. Place or link: {place}', { at: entry.hearingAt ? r.time(entry.hearingAt) : '', place: entry.hearingPlace ?? '' }),
        ...(entry.hearingAt ? { hearing: { at: entry.hearingAt.toISOString(), place: entry.hearingPlace ?? '' } } : {}),
      };
    case 'question':
      return { ...base, text: entry.text, ...(entry.addressee === 'student' || entry.addressee === 'committee' ? { to: entry.addressee } : {}) };
    case 'decision':
      return { ...base, text: entry.text, ...(entry.outcome ? { outcome: entry.outcome as CommitteeOutcome } : {}), pdfUrl: pdfUrls(number).decision };
    case 'disposal':
      return { ...base, text: entry.text, ...(entry.outcome ? { outcome: entry.outcome as AppealOutcome } : {}), pdfUrl: pdfUrls(number).disposal };
    default:
      return { ...base, text: entry.text };
  }
}

/** What the projection writes for the reporter's own steps on a complaint that is not confidential. */
const STUDENT_STAND_IN = 'Student';

/** The filing's stored line ("Sent to …", in English) in the reader's words; any other note as written. */
function filingNote(note: string, r: Reader): string {
  const sent = /^Sent to (.+)$/s.exec(note);
  return sent ? r.i18n._('Sent to {addresses}', { addresses: sent[1] ?? '' }) : note;
}

/**
 * The whole grievance for one reader; members and the Ombudsperson also get the student and the
 * complaint's history. The student special invitee is a student among the committee: they read the
 * student's name and the complaint as its student could, not another student's address and
 * registration number nor the team's internal notes (`invitee`).
 */
export async function grievanceView(db: Queryable, g: GrievanceRow, audience: Audience, now: Date, r: Reader, { invitee = false }: { invitee?: boolean } = {}): Promise<GrievanceView> {
  const [entries, attached, complaintRow] = await Promise.all([
    db.select().from(grievanceEntries).where(eq(grievanceEntries.grievanceId, g.id)).orderBy(asc(grievanceEntries.createdAt), asc(grievanceEntries.id)),
    db.select({ id: photos.id }).from(photos).where(eq(photos.grievanceId, g.id)).orderBy(asc(photos.createdAt)),
    g.complaintId ? db.select().from(complaints).where(eq(complaints.id, g.complaintId)).limit(1) : Promise.resolve([]),
  ]);
  const complaint = complaintRow[0] ?? null;
  const urls = pdfUrls(g.number);
  const photoBase = `/api/grievances/${g.number}/photos`;
  const view: GrievanceView = {
    ...toSummary(g, complaint, now, r),
    reason: g.reason,
    photos: attached.map((p) => ({ id: p.id, url: `${photoBase}/${p.id}/full` })),
    thread: entries.map((e) => entryView(e, audience, g.number, r)),
    decision:
      g.decidedAt && g.outcome
        ? { outcome: g.outcome, findings: g.findings ?? '', decision: g.decision ?? '', decidedAt: g.decidedAt.toISOString(), pdfUrl: urls.decision }
        : null,
    disposal:
      g.disposedAt && g.appealOutcome
        ? { outcome: g.appealOutcome, findings: g.disposalFindings ?? '', decision: g.disposalDecision ?? '', disposedAt: g.disposedAt.toISOString(), pdfUrl: urls.disposal }
        : null,
    appealUntil: g.status === 'decided' && g.appealUntil ? g.appealUntil.toISOString() : null,
    mayAppeal: mayAppeal(g, now),
  };
  if (audience === 'student') return view;
  const [student] = await db.select({ name: users.name, email: users.email, regId: users.regId }).from(users).where(eq(users.id, g.studentId));
  view.student = invitee ? { name: student?.name ?? '', email: '', regNumber: null } : { name: student?.name ?? '', email: student?.email ?? '', regNumber: student?.regId || null };
  if (!complaint) {
    view.complaint = null;
    return view;
  }
  // The complaint as a worker on it reads it: through the same projection, internal notes included.
  const reporter = (await Reporters.load(db, [complaint])).of(complaint);
  const local = r.local(complaint);
  view.complaint = {
    number: complaint.number,
    category: local.subCategory ? `${local.complaintHead}: ${local.subCategory}` : local.complaintHead,
    status: complaint.status,
    text: withholdIdentity(reporter, complaint.message),
    history: (await workerTimeline(db, complaint))
      .filter((t) => !(invitee && t.internal))
      .map((t) => ({
        at: t.at,
        kind: t.internal ? 'note' : t.kind,
        // A change of status says what it changed to; its note (a reason) follows.
        text: t.kind === 'status' ? [r.i18n._(STATUS_LABELS[t.status]), filingNote(t.note, r)].filter(Boolean).join(' — ') : t.note,
        by: t.by === STUDENT_STAND_IN ? r.i18n._('Student') : t.by,
      })),
  };
  return view;
}

/** The grievances with their complaints' numbers, for lists. */
export async function summaries(db: Queryable, rows: GrievanceRow[], now: Date, r: Reader): Promise<GrievanceSummary[]> {
  const ids = rows.flatMap((g) => (g.complaintId ? [g.complaintId] : []));
  const about = new Map<string, AboutColumns>();
  if (ids.length) {
    const found = await db
      .select({
        id: complaints.id,
        number: complaints.number,
        category: complaints.category,
        complaintHead: complaints.complaintHead,
        subCategory: complaints.subCategory,
        commonAreaId: complaints.commonAreaId,
        hostel: complaints.hostel,
        placeText: complaints.placeText,
      })
      .from(complaints)
      .where(inArray(complaints.id, ids));
    for (const { id, ...c } of found) about.set(id, c);
  }
  return rows.map((g) => toSummary(g, g.complaintId ? (about.get(g.complaintId) ?? null) : null, now, r));
}

