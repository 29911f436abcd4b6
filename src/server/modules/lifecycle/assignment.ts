import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { complaintEvents, complaints, type ComplaintRow, type UserRow } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { audit } from '../audit/service.js';
import { assignmentMail } from '../mail/lifecycle-templates.js';
import { staffUrl, type LifecycleContext } from './context.js';
import { tellAssignee } from './notices.js';

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
  if (!row) throw new AppError(404, 'not_found', 'Complaint not found.');
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
  if (assignee) {
    await tellAssignee(tx, ctx, row, assignee, actor.id, {
      purpose: 'assignment',
      mail: assignmentMail(row, staffUrl(ctx, row.number)),
      bell: `${row.number} was assigned to you`,
    });
  }
  return row;
}
