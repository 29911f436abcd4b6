import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { preparedPerDatabase } from '../../db/prepared.js';
import { sessions, users, type SessionRow, type UserRow } from '../../db/schema.js';
import { randomToken, sha256 } from '../../lib/tokens.js';

/** Refresh `last_seen_at` at most this often, so reading pages does not write on every request. */
const TOUCH_INTERVAL_MS = 60_000;

export interface ActiveSession {
  session: SessionRow;
  user: UserRow;
}

export async function createSession(
  db: Db,
  userId: string,
  idleMs: number,
  userAgent: string,
): Promise<{ token: string; session: SessionRow }> {
  const token = randomToken(32);
  const now = new Date();
  const [session] = await db
    .insert(sessions)
    .values({
      id: sha256(token),
      userId,
      csrfToken: randomToken(24),
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + idleMs),
      userAgent: userAgent.slice(0, 300),
    })
    .returning();
  if (!session) throw new Error('session insert returned nothing');
  // Opportunistic clean-up keeps the table small without a separate job.
  await db.delete(sessions).where(lt(sessions.expiresAt, sql`now() - interval '1 day'`));
  return { token, session };
}

/** The live session for a cookie token, sliding its expiry; `undefined` when unknown or expired. */
// Every signed-in request asks this: prepared once (db/prepared.ts).
const activeSessionQuery = preparedPerDatabase((db) =>
  db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sql.placeholder('id')), gt(sessions.expiresAt, sql.placeholder('now'))))
    .limit(1)
    .prepare('active_session'),
);

export async function findActiveSession(db: Db, token: string, idleMs: number): Promise<ActiveSession | undefined> {
  const id = sha256(token);
  const now = new Date();
  const [row] = await activeSessionQuery(db).execute({ id, now });
  if (!row) return undefined;
  if (row.user.disabledAt) {
    await db.delete(sessions).where(eq(sessions.userId, row.user.id));
    return undefined;
  }
  if (now.getTime() - row.session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    const expiresAt = new Date(now.getTime() + idleMs);
    await db.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.id, id));
    row.session.lastSeenAt = now;
    row.session.expiresAt = expiresAt;
  }
  return row;
}

export async function destroySession(db: Db, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}
