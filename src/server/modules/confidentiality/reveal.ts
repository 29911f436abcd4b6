import { and, eq } from 'drizzle-orm';
import type { RevealedIdentity } from '../../../shared/staff.js';
import type { Db } from '../../db/client.js';
import { complaints, users, type UserRow } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { loadScope, scopeCondition } from '../access/index.js';
import { audit } from '../audit/index.js';

/**
 * Shows who filed a complaint to someone the route has already let reveal (mayRevealIdentity),
 * within their scope, and records it with the reason they gave. The identity is read and the
 * audit entry written in one transaction: no reveal goes unrecorded, and a failed record reveals
 * nothing.
 */
export function revealIdentity(db: Db, actor: Pick<UserRow, 'id' | 'role'>, number: string, reason: string): Promise<RevealedIdentity> {
  return db.transaction(async (tx) => {
    const scope = await loadScope(tx, actor);
    const [found] = await tx
      .select({
        number: complaints.number,
        confidential: complaints.confidential,
        anonymous: complaints.anonymous,
        fname: complaints.fname,
        regId: complaints.regId,
        userEmail: complaints.userEmail,
        hostel: complaints.hostel,
        floor: complaints.floor,
        roomNo: complaints.roomNo,
        studentName: users.name,
      })
      .from(complaints)
      .leftJoin(users, eq(users.id, complaints.studentId))
      .where(and(eq(complaints.number, number), scopeCondition(scope, complaints)))
      .limit(1);
    if (!found) throw new AppError(404, 'not_found', /*i18n*/ 'Complaint not found.');
    // The anonymous reporter's row stands for everyone who reported without a name: it names nobody.
    if (found.anonymous) throw new AppError(409, 'filed_anonymously', /*i18n*/ 'This report was filed anonymously: there is nobody to reveal.');
    await audit(tx, {
      actorId: actor.id,
      action: 'complaint.reveal_identity',
      targetType: 'complaint',
      targetId: found.number,
      details: { confidential: found.confidential, reason },
    });
    // The room goes with the identity: the staff views leave it out of a confidential complaint.
    const room = found.roomNo ? `${found.hostel}, floor ${found.floor}, room ${found.roomNo}` : '';
    return { fname: found.fname, id: found.regId, userEmail: found.userEmail, name: found.studentName ?? found.fname, room };
  });
}
