import { eq } from 'drizzle-orm';
import type { StaffPreferences } from '../../../shared/staff.js';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';

/*
 * What a person chooses for themselves, kept on their account: how new work reaches a worker
 * (a mail each, a digest, or the bell alone) and whether a warden or an administrator gets the
 * insights digest. Their own row only: whose it is comes from their session.
 */

const gone = () => new AppError(404, 'not_found', /*i18n*/ 'Your account is gone.');

export async function saveWorkPreferences(db: Pick<Db, 'update'>, userId: string, preferences: StaffPreferences): Promise<StaffPreferences> {
  const [row] = await db
    .update(users)
    .set({ newWorkMail: preferences.newWorkMail, digestHours: preferences.digestHours, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning({ newWorkMail: users.newWorkMail, digestHours: users.digestHours });
  if (!row) throw gone();
  return row;
}

export async function saveInsightsDigest(db: Pick<Db, 'update'>, userId: string, digest: boolean): Promise<{ digest: boolean }> {
  const [row] = await db.update(users).set({ insightsDigest: digest, updatedAt: new Date() }).where(eq(users.id, userId)).returning({ digest: users.insightsDigest });
  if (!row) throw gone();
  return row;
}
