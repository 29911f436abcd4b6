import { and, eq } from 'drizzle-orm';
import { can } from '../../../shared/permissions.js';
import { hostelByName, categoryByKey, type PublicCatalog } from '../../../shared/catalog.js';
import { endsAtProblem, type IncidentCreate, type IncidentListQuery, type IncidentUpdate } from '../../../shared/incidents.js';
import type { Db, Tx } from '../../db/client.js';
import { complaints, incidentFollowers, incidents, type ComplaintRow, type IncidentRow, type UserRow } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { inScope, isWorker, loadScope, scopeCondition, type Scope } from '../access/index.js';
import type { LifecycleContext } from '../lifecycle/index.js';
import { activeIncidentsFor, incidentView, linkedComplaints, listIncidents, noticeExtras, type IncidentView } from './queries.js';
import { linkComplaint, postIncident, resolveIncident, unlinkComplaint, updateIncident, withdrawIncident, type IncidentChanges } from './writes.js';

/*
 * Notices: who may post and change them (a worker whose scope covers the hostel and category —
 * staff, the hostel's wardens, admins), what is checked (the catalogue, the hostel's floors, an
 * expected end ahead and within 30 days), and the student's side (their place's notices, "Affects
 * me too"). The writes themselves are in writes.ts.
 */

const notFound = () => new AppError(404, 'not_found', /*i18n*/ 'Notice not found.');
const refuseNonWorker = (actor: UserRow) => {
  if (!isWorker(actor)) throw new AppError(403, 'forbidden', /*i18n*/ 'You are not allowed to do that.');
};
const invalid = (field: string, message: string) => new AppError(400, 'validation_failed', message, { [field]: message });

/** The floors must be floors of the hostel (the catalogue's range). */
function checkFloors(catalog: PublicCatalog, hostel: string, floors: readonly number[]): void {
  const h = hostelByName(catalog, hostel);
  if (!h) throw invalid('hostel', 'Choose a hostel of the list');
  const outside = floors.filter((f) => f < h.floorMin || f > h.floorMax);
  if (outside.length) throw invalid('floors', `${hostel} has floors ${h.floorMin} to ${h.floorMax}`);
}

function checkEndsAt(endsAt: string, now: Date): Date {
  const at = new Date(endsAt);
  const problem = endsAtProblem(at, now);
  if (problem) throw invalid('endsAt', problem);
  return at;
}

/** A notice in the actor's scope, locked for the rest of the transaction; out of scope is "not found". */
async function lockNotice(tx: Tx, scope: Scope, id: string): Promise<IncidentRow> {
  const [row] = await tx
    .select()
    .from(incidents)
    .where(and(eq(incidents.id, id), scopeCondition(scope, incidents)))
    .for('update')
    .limit(1);
  if (!row) throw notFound();
  return row;
}

async function viewOf(db: Pick<Db, 'select'>, scope: Scope, id: string): Promise<IncidentView> {
  const view = await incidentView(db, scope, id);
  if (!view) throw notFound();
  return view;
}

/** Posts a notice for a hostel (some floors, or all) and a category the actor works. */
export async function postNotice(ctx: LifecycleContext, actor: UserRow, catalog: PublicCatalog, body: IncidentCreate): Promise<IncidentView> {
  refuseNonWorker(actor);
  const category = categoryByKey(catalog, body.category);
  if (!category) throw invalid('category', 'Choose a category of the list');
  // A notice is seen by every student of the hostel: nothing confidential is announced.
  if (category.confidential) throw invalid('category', `${category.cardTitle} is confidential: it takes no notices`);
  checkFloors(catalog, body.hostel, body.floors);
  const endsAt = checkEndsAt(body.endsAt, ctx.clock.now());
  const scope = await loadScope(ctx.db, actor);
  if (!inScope(scope, body)) {
    throw new AppError(403, 'forbidden', /*i18n*/ 'You may post notices only for the categories and hostels you work.');
  }
  const row = await ctx.transaction((tx) =>
    postIncident(tx, actor.id, { hostel: body.hostel, floors: body.floors, category: body.category, title: body.title, details: body.details, endsAt }),
  );
  return viewOf(ctx.db, scope, row.id);
}

/** Changes an active notice's title, details, expected end or floors. */
export async function changeNotice(
  ctx: LifecycleContext,
  actor: UserRow,
  catalog: PublicCatalog,
  id: string,
  body: IncidentUpdate,
): Promise<IncidentView> {
  refuseNonWorker(actor);
  const endsAt = body.endsAt === undefined ? undefined : checkEndsAt(body.endsAt, ctx.clock.now());
  const scope = await loadScope(ctx.db, actor);
  await ctx.transaction(async (tx) => {
    const incident = await lockNotice(tx, scope, id);
    if (body.floors) checkFloors(catalog, incident.hostel, body.floors);
    const changes: IncidentChanges = {
      ...(body.title === undefined ? {} : { title: body.title }),
      ...(body.details === undefined ? {} : { details: body.details }),
      ...(endsAt === undefined ? {} : { endsAt }),
      ...(body.floors === undefined ? {} : { floors: body.floors }),
    };
    return updateIncident(tx, incident, actor.id, changes);
  });
  return viewOf(ctx.db, scope, id);
}

/** Takes a notice down: its complaints stay open and keep the link for their history. */
export async function withdrawNotice(ctx: LifecycleContext, actor: UserRow, id: string): Promise<IncidentView> {
  refuseNonWorker(actor);
  const scope = await loadScope(ctx.db, actor);
  await ctx.transaction(async (tx) => withdrawIncident(tx, await lockNotice(tx, scope, id), actor.id));
  return viewOf(ctx.db, scope, id);
}

/** Resolves a notice with the team's note: its open complaints are resolved and everyone concerned is told once. */
export async function resolveNotice(ctx: LifecycleContext, actor: UserRow, id: string, note: string) {
  refuseNonWorker(actor);
  const scope = await loadScope(ctx.db, actor);
  const result = await ctx.transaction(async (tx) => resolveIncident(tx, ctx, await lockNotice(tx, scope, id), actor.id, note));
  return { view: await viewOf(ctx.db, scope, id), resolved: result.resolved.length, told: result.told };
}

/** The notices in the actor's scope. */
export async function listNotices(db: Db, actor: UserRow, query: IncidentListQuery) {
  refuseNonWorker(actor);
  return listIncidents(db, await loadScope(db, actor), query);
}

/** One notice with its counts and linked complaints. */
export async function noticeDetail(db: Db, actor: UserRow, id: string) {
  refuseNonWorker(actor);
  const view = await viewOf(db, await loadScope(db, actor), id);
  return { view, complaints: await linkedComplaints(db, id) };
}

/** A complaint in the actor's scope, locked; out of scope is "not found". */
async function lockComplaint(tx: Tx, scope: Scope, number: string): Promise<ComplaintRow> {
  const [row] = await tx
    .select()
    .from(complaints)
    .where(and(eq(complaints.number, number), scopeCondition(scope, complaints)))
    .for('update')
    .limit(1);
  if (!row) throw AppError.withValues(404, 'not_found', /*i18n*/ 'No complaint {number} in your categories and hostels.', () => ({ number }), {
      number: /*i18n*/ 'not found',
    });
  return row;
}

/** Links an open complaint to the notice (or unlinks it); answers with the notice as it is then. */
export async function setComplaintLink(ctx: LifecycleContext, actor: UserRow, id: string, number: string, linked: boolean) {
  refuseNonWorker(actor);
  const scope = await loadScope(ctx.db, actor);
  await ctx.transaction(async (tx) => {
    // The notice first, then the complaint: the order resolving takes them in.
    const incident = await lockNotice(tx, scope, id);
    const complaint = await lockComplaint(tx, scope, number);
    return linked ? linkComplaint(tx, incident, complaint, actor.id) : unlinkComplaint(tx, incident, complaint, actor.id);
  });
  return noticeDetail(ctx.db, actor, id);
}

/**
 * The active notices where a student lives (their remembered place), or for the hostel and floor
 * they ask about, with how many students each affects and whether it is theirs already.
 */
export async function studentNotices(db: Db, user: UserRow, ask: { hostel?: string | undefined; floor?: number | undefined }) {
  const floorOf = (text: string | null) => (text !== null && /^\d+$/.test(text) ? Number(text) : undefined);
  const place = ask.hostel
    ? { hostel: ask.hostel, floor: ask.floor }
    : user.placeHostel
      ? { hostel: user.placeHostel, floor: floorOf(user.placeFloor) }
      : null;
  if (!place) return { place: null, items: [] };
  const found = await activeIncidentsFor(db, place);
  const extras = await noticeExtras(db, user.id, found.map((i) => i.id));
  return {
    place: { hostel: place.hostel, floor: place.floor ?? null },
    items: found.map((incident) => ({ incident, ...(extras.get(incident.id) ?? { affected: 0, following: false, myComplaint: null }) })),
  };
}
export type StudentNotices = Awaited<ReturnType<typeof studentNotices>>;

/**
 * "Affects me too" (or taking it back): a student follows an active notice and is told once when
 * it is resolved. Following twice is once; a notice no longer up can be left but not followed.
 */
export async function followNotice(db: Db, user: UserRow, id: string, follow: boolean) {
  if (!can(user.role, 'complaint.file')) throw new AppError(403, 'forbidden', /*i18n*/ 'Only students follow notices.');
  const [incident] = await db.select({ status: incidents.status }).from(incidents).where(eq(incidents.id, id));
  if (!incident) throw notFound();
  if (follow) {
    if (incident.status !== 'active') throw new AppError(409, 'incident_not_active', /*i18n*/ 'This notice is no longer up.');
    await db.insert(incidentFollowers).values({ incidentId: id, userId: user.id }).onConflictDoNothing();
  } else {
    await db.delete(incidentFollowers).where(and(eq(incidentFollowers.incidentId, id), eq(incidentFollowers.userId, user.id)));
  }
  const extras = await noticeExtras(db, user.id, [id]);
  return { following: follow, affected: extras.get(id)?.affected ?? 0 };
}
