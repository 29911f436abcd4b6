import { and, eq, inArray, isNull, ne, or } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { staffScopes, users, type ComplaintRow } from '../../db/schema.js';
import { enqueueMail } from '../mail/outbox.js';
import type { RenderedMail } from '../mail/templates.js';
import { notify } from '../notifications/service.js';
import { newWorkMail } from '../mail/lifecycle-templates.js';
import { mailOptions, staffUrl, type LifecycleContext } from './context.js';

/**
 * Who hears about a change to a complaint, and how: a mail and a bell notification, written in the
 * caller's transaction. Both pass the confidentiality guard on their way (the outbox and the
 * notifier apply it), so nothing here decides what may be said about the student.
 */

export interface Notice {
  /** What the outbox row is for (status, reply, reopened, confirmed, assignment …). */
  purpose: string;
  mail: RenderedMail;
  /** The bell notification's text. */
  bell: string;
}

/** Tells the student who filed the complaint. */
export async function tellStudent(tx: Tx, ctx: LifecycleContext, complaint: ComplaintRow, notice: Notice): Promise<void> {
  await enqueueMail(tx, [{ ...notice.mail, purpose: notice.purpose, complaint, to: [complaint.userEmail] }], mailOptions(ctx));
  await notify(tx, complaint.studentId, complaint, notice.bell);
}

/** Workers whose scope covers the complaint (not admins, who see everything and would hear about everything). */
async function workersInScope(tx: Tx, complaint: ComplaintRow, except: string | null) {
  return tx
    .selectDistinct({ id: users.id, email: users.email, newWorkMail: users.newWorkMail })
    .from(staffScopes)
    .innerJoin(users, eq(users.id, staffScopes.userId))
    .where(
      and(
        inArray(users.role, ['staff', 'warden']),
        isNull(users.disabledAt),
        or(eq(staffScopes.category, ''), eq(staffScopes.category, complaint.category)),
        or(eq(staffScopes.hostel, ''), eq(staffScopes.hostel, complaint.hostel)),
        except ? ne(users.id, except) : undefined,
      ),
    )
    .limit(50);
}

/**
 * A new complaint in someone's scope: every worker whose scope covers it hears by bell; those who
 * asked for a mail about each one get it (a digest job serves those who asked for a digest).
 */
export async function tellNewWork(tx: Tx, ctx: LifecycleContext, complaint: ComplaintRow): Promise<void> {
  const workers = await workersInScope(tx, complaint, null);
  const bell = `New: ${complaint.complaintHead}${complaint.subCategory ? ` (${complaint.subCategory})` : ''} in ${complaint.hostel} — ${complaint.number}`;
  for (const worker of workers) await notify(tx, worker.id, complaint, bell);
  const wantEach = workers.filter((w) => w.newWorkMail === 'each').map((w) => w.email);
  if (wantEach.length) {
    await enqueueMail(
      tx,
      wantEach.map((to) => ({ ...newWorkMail(complaint, staffUrl(ctx, complaint.number)), purpose: 'new_work', complaint, to: [to] })),
      mailOptions(ctx),
    );
  }
}

/**
 * Tells the people working the complaint: its assignee when it has one, otherwise the facility
 * address it was routed to (mail) and the workers whose scope covers it (bell). `actorId` is not
 * told about what they did themselves. The student's address may be offered as Reply-To; the
 * outbox removes it for a confidential complaint.
 */
export async function tellTeam(
  tx: Tx,
  ctx: LifecycleContext,
  complaint: ComplaintRow,
  notice: Notice & { replyTo?: string },
  actorId: string | null,
): Promise<void> {
  const [assignee] = complaint.assigneeId
    ? await tx
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(and(eq(users.id, complaint.assigneeId), isNull(users.disabledAt)))
    : [];
  const to = assignee ? [assignee.email] : complaint.toEmails;
  await enqueueMail(
    tx,
    [{ ...notice.mail, purpose: notice.purpose, complaint, to, ...(notice.replyTo ? { replyTo: notice.replyTo } : {}) }],
    mailOptions(ctx),
  );
  const listeners = assignee ? (assignee.id === actorId ? [] : [assignee.id]) : (await workersInScope(tx, complaint, actorId)).map((w) => w.id);
  for (const userId of listeners) await notify(tx, userId, complaint, notice.bell);
}
