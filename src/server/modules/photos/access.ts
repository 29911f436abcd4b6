import type { ComplaintRow, UserRow } from '../../db/schema.js';
import type { Db } from '../../db/client.js';
import { inScope, isWorker, loadScope, mayRevealIdentity } from '../access/index.js';

/**
 * How much of a complaint's photos a user may see: all of them (the student who filed it; staff
 * whose scope covers it), none because the complaint is confidential (staff in scope without the
 * anti-ragging duty: a photo can show a face or a room as plainly as a name), or nothing at all,
 * not even that the complaint exists (anyone else).
 */
export type PhotoAudience = 'all' | 'withheld' | 'none';

export async function photoAudience(
  db: Pick<Db, 'select'>,
  user: Pick<UserRow, 'id' | 'role' | 'antiRagging'>,
  complaint: Pick<ComplaintRow, 'studentId' | 'category' | 'hostel' | 'confidential'>,
): Promise<PhotoAudience> {
  if (complaint.studentId === user.id) return 'all';
  if (!isWorker(user) || !inScope(await loadScope(db, user), complaint)) return 'none';
  if (complaint.confidential && !mayRevealIdentity(user)) return 'withheld';
  return 'all';
}
