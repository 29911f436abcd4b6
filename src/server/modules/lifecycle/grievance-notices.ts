import { and, inArray, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { enqueueMail, type MailFor } from '../mail/index.js';
import { notify, type BellText } from '../notifications/index.js';
import { mailOptions, type LifecycleContext } from './context.js';
import { wantingMail } from './notices.js';

/**
 * The grievance ladder's teller (issue 44): the grievances module decides who hears of a step and
 * what they read; this queues it, as every other telling in the portal is queued here. A grievance
 * is about no complaint the guard must hide (confidential and anonymous complaints never become
 * grievances), so neither the mail nor the bell carries one: the bell leads to the reader's page.
 */

export interface GrievanceRecipient {
  /** The address the seat or the profile names (a committee member may have no account yet). */
  address: string;
  /** The page their bell opens (each reader has their own: the student's, the committee's, the Ombudsperson's). */
  link: string;
}

export interface GrievanceNotice {
  purpose: string;
  mail: (link: string) => MailFor;
  bell: BellText;
}

/**
 * Tells each recipient once: an account hears by its own channels (the bell, push and WhatsApp as
 * its switches allow, mail unless turned off), an address that is nobody's account always gets the
 * mail. Returns how many people were told.
 */
export async function tellGrievance(tx: Tx, ctx: LifecycleContext, recipients: readonly GrievanceRecipient[], notice: GrievanceNotice): Promise<number> {
  const byAddress = new Map(recipients.filter((r) => r.address).map((r) => [r.address.toLowerCase(), r]));
  if (!byAddress.size) return 0;
  const accounts = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(inArray(users.email, [...byAddress.keys()]), isNull(users.disabledAt)));
  const withAccount = new Set(accounts.map((a) => a.email));
  const mailTo = [
    ...(await wantingMail(tx, accounts.map((a) => a.email))),
    ...[...byAddress.keys()].filter((address) => !withAccount.has(address)),
  ];
  if (mailTo.length) {
    await enqueueMail(
      tx,
      mailTo.map((address) => ({ render: notice.mail(`${ctx.publicUrl}${byAddress.get(address)?.link ?? ''}`), purpose: notice.purpose, to: [address] })),
      mailOptions(ctx),
    );
  }
  // One bell call per page: the link is the notice's, and readers of one page share it.
  const byLink = new Map<string, string[]>();
  for (const account of accounts) {
    const link = byAddress.get(account.email)?.link ?? '';
    byLink.set(link, [...(byLink.get(link) ?? []), account.id]);
  }
  for (const [link, ids] of byLink) await notify(tx, ids, null, notice.bell, { link });
  return byAddress.size;
}
