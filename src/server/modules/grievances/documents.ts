import { and, eq } from 'drizzle-orm';
import { localName, type PublicCatalog } from '../../../shared/catalog.js';
import type { GrievanceReport } from '../../../shared/grievances.js';
import type { PhotoVariant } from '../../../shared/constants.js';
import type { Db } from '../../db/client.js';
import { complaints, grievances, photos, users, type GrievanceRow, type UserRow } from '../../db/schema.js';
import type { Reader } from '../../i18n/readers.js';
import { AppError } from '../../lib/errors.js';
import type { PhotoStorage } from '../photos/index.js';
import { decisionPdf } from './files.js';
import { grievanceReport, type ReportPeriod } from './report.js';
import { isHead, seatHolder, seatOf } from './seats.js';

type Queryable = Pick<Db, 'select'>;

const notFound = () => new AppError(404, 'not_found', /*i18n*/ 'Grievance not found.');

/**
 * Whether the person may read this grievance's papers (its decision, its order, its photos): the
 * student who raised it, anyone on the committee, the Ombudsperson once it is appealed, and the
 * head of the institution. Anyone else is told it does not exist.
 */
async function mayRead(db: Queryable, user: UserRow, g: GrievanceRow): Promise<boolean> {
  if (g.studentId === user.id) return true;
  const seat = await seatOf(db, user);
  if (!seat) return isHead(db, user);
  return seat.seat === 'ombudsperson' ? g.appealedAt !== null : true;
}

async function readable(db: Queryable, user: UserRow, number: string): Promise<GrievanceRow> {
  const [g] = await db.select().from(grievances).where(eq(grievances.number, number)).limit(1);
  if (!g || !(await mayRead(db, user, g))) throw notFound();
  return g;
}

/** The dated PDF of the committee's decision or of the Ombudsperson's order; 404 until it is made. */
export async function decisionDocument(db: Queryable, user: UserRow, number: string, kind: 'decision' | 'disposal', university: string, r: Reader) {
  const g = await readable(db, user, number);
  const madeBy = kind === 'decision' ? g.decidedBy : g.disposedBy;
  if (kind === 'decision' ? !g.decidedAt : !g.disposedAt) {
    throw kind === 'decision'
      ? new AppError(404, 'not_decided', /*i18n*/ 'The committee has not issued its decision yet.')
      : new AppError(404, 'not_disposed', /*i18n*/ 'The Ombudsperson has not disposed of the appeal yet.');
  }
  const [[student], [author], complaint, ombudsperson] = await Promise.all([
    db.select({ name: users.name, email: users.email, regId: users.regId }).from(users).where(eq(users.id, g.studentId)),
    madeBy ? db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, madeBy)) : Promise.resolve([]),
    g.complaintId ? db.select({ number: complaints.number }).from(complaints).where(eq(complaints.id, g.complaintId)) : Promise.resolve([]),
    seatHolder(db, 'ombudsperson'),
  ]);
  // The names as they were when the paper was issued; a grievance decided before they were kept
  // (issue 44's first days) reads today's.
  const issued = kind === 'decision' ? g.papers.decision : g.papers.disposal;
  const stream = await decisionPdf(
    kind,
    {
      university: issued?.university ?? university,
      grievance: g,
      complaintNumber: complaint[0]?.number ?? null,
      student: { name: student?.name || student?.email || '', regNumber: student?.regId ?? '' },
      by: issued?.by ?? (author ? author.name || author.email : ''),
      ombudsperson: g.papers.decision ? g.papers.decision.ombudsperson : (ombudsperson?.name ?? null),
    },
    r,
  );
  return { stream, fileName: `${g.number}-${kind}.pdf` };
}

/** A photo the student sent with the grievance, to those who may read it. */
export async function grievancePhoto(db: Db, storage: PhotoStorage, user: UserRow, number: string, photoId: string, variant: PhotoVariant) {
  const g = await readable(db, user, number);
  const [photo] = await db
    .select({ id: photos.id, contentType: photos.contentType })
    .from(photos)
    .where(and(eq(photos.id, photoId), eq(photos.grievanceId, g.id)))
    .limit(1);
  if (!photo) throw new AppError(404, 'not_found', /*i18n*/ 'Photo not found.');
  const bytes = await storage.get(db, photo.id, variant);
  if (!bytes) throw new AppError(404, 'not_found', /*i18n*/ 'Photo not found.');
  return { ...photo, bytes, fileName: `${g.number}-${photo.id.slice(0, 8)}${variant === 'thumb' ? '-small' : ''}.webp` };
}

/** The report in the reader's words: hostels and categories by their names in the reader's language. */
export async function reportInWords(db: Queryable, catalog: PublicCatalog, period: ReportPeriod, r: Reader): Promise<GrievanceReport & { generatedAt: Date }> {
  const report = await grievanceReport(db, period);
  const categoryName = (key: string) => {
    if (!key) return r.i18n._('No complaint (a hostel matter)');
    const category = catalog.categories.find((c) => c.key === key);
    return category ? localName(r.locale, category, 'cardTitle') : key;
  };
  return {
    ...report,
    byHostel: report.byHostel.map((row) => ({ ...row, hostel: r.hostel(row.hostel) })),
    byCategory: report.byCategory.map((row) => ({ ...row, category: categoryName(row.category) })),
  };
}
