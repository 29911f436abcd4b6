import { eq } from 'drizzle-orm';
import { STATUS_LABELS, isOpenStatus } from '../../../shared/constants.js';
import type { Tx } from '../../db/client.js';
import { complaintEvents, complaints, users, type ComplaintRow, type UserRow } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { audit } from '../audit/index.js';
import { assignmentMail } from '../mail/index.js';
import { staffUrl, type LifecycleContext } from './context.js';
import { tellAssignee, tellFormerAssignee } from './notices.js';
import { applyTransition } from './transition.js';

/**
 * Makes `assignee` (or nobody) responsible for a complaint, in the caller's transaction with the
 * row locked: the complaint row, an internal timeline event and the audit row, and — when someone
 * gives it to a colleague — the colleague's mail and bell (nobody is told of taking it themselves).
 * The caller checked that the assignee's scope covers the complaint.
 */
export async function assignComplaint(
  tx: Tx,
  ctx: LifecycleContext,
  complaint: ComplaintRow,
  actor: Pick<UserRow, 'id'>,
  assignee: Pick<UserRow, 'id' | 'name' | 'email'> | undefined,
  how = '',
): Promise<ComplaintRow> {
  const [row] = await tx
    .update(complaints)
    .set({ assigneeId: assignee?.id ?? null, updatedAt: new Date() })
    .where(eq(complaints.id, complaint.id))
    .returning();
  if (!row) throw new AppError(404, 'not_found', /*i18n*/ 'Complaint not found.');
  const who = assignee ? assignee.name || assignee.email : '';
  await tx.insert(complaintEvents).values({
    complaintId: complaint.id,
    actorId: actor.id,
    fromStatus: complaint.status,
    toStatus: complaint.status,
    kind: 'assignment',
    public: false,
    note: assignee ? `Assigned to ${who}${how ? ` (${how})` : ''}` : 'Unassigned',
  });
  await audit(tx, {
    actorId: actor.id,
    action: 'complaint.assign',
    targetType: 'complaint',
    targetId: complaint.number,
    details: { from: complaint.assigneeId, to: assignee?.id ?? null },
  });
  // Issue 40: the worker who had it hears it is no longer theirs, and from whom.
  if (complaint.assigneeId) {
    const former = complaint.assigneeId;
    await tellFormerAssignee(tx, row, former, actor.id, ({ i18n }) =>
      !assignee
        ? i18n._('{number} is no longer assigned to you', { number: row.number })
        : assignee.id === actor.id
          ? i18n._('{name} took over {number} from you', { name: who, number: row.number })
          : i18n._('{number} was given to {name}', { number: row.number, name: who }),
    );
  }
  if (assignee) {
    await tellAssignee(tx, ctx, row, assignee, actor.id, {
      purpose: 'assignment',
      mail: (r) => assignmentMail(row, staffUrl(ctx, row.number), r),
      bell: ({ i18n }) => i18n._('{number} was assigned to you', { number: row.number }),
    });
  }
  return row;
}

/**
 * A worker takes a complaint themselves ("Take it", "Take it over"), in the caller's transaction
 * with the row locked. `from` is who had it as the worker saw it: when that is no longer so (a
 * colleague took it a moment ago), nothing changes and the 409 names who has it now. Taking a
 * complaint nobody has acknowledged acknowledges it too, through applyTransition, so the student
 * hears once that someone is on it; taking what is already yours changes nothing.
 */
export async function takeComplaint(
  tx: Tx,
  ctx: LifecycleContext,
  complaint: ComplaintRow,
  actor: Pick<UserRow, 'id' | 'name' | 'email'>,
  from: string | null,
): Promise<ComplaintRow> {
  if (complaint.assigneeId === actor.id) return complaint;
  if (!isOpenStatus(complaint.status)) {
    throw AppError.withValues(409, 'not_open', /*i18n*/ '{number} is {status}: there is no work left to take.', (i18n) => ({
      number: complaint.number,
      status: i18n._(STATUS_LABELS[complaint.status]).toLowerCase(),
    }));
  }
  const [holder] = complaint.assigneeId
    ? await tx.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, complaint.assigneeId))
    : [];
  const holderName = holder ? holder.name || holder.email : '';
  if (complaint.assigneeId !== from) {
    throw new AppError(
      409,
      'assignee_changed',
      holder ? `${holderName} has ${complaint.number} now. Take it over if you mean to.` : `Nobody has ${complaint.number} any more. Take it if you mean to.`,
    );
  }
  const taken =
    complaint.status === 'submitted'
      ? await applyTransition(tx, ctx, complaint, { kind: 'staff', id: actor.id, via: 'console' }, 'acknowledged', '')
      : complaint;
  return assignComplaint(tx, ctx, taken, actor, actor, holder ? `took it over from ${holderName}` : 'took it');
}
