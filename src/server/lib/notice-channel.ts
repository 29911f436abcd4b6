import type { Db, Tx } from '../db/client.js';
import type { ComplaintRow } from '../db/schema.js';
import type { I18n } from '../i18n/index.js';

/*
 * The channels that tell people outside the portal (issue 43): the lifecycle decides who is told
 * what, `notify()` rings the bell and guards the words for each reader, and then hands the same
 * readers to every channel, which queues in the notice's transaction what it will deliver through
 * its own outbox. Adding a channel is a module with a NoticeChannel and one entry in notify's list.
 */

/** One reader of a notice, as every channel gets them: the words already past the confidentiality guard for them. */
export interface ToldReader {
  id: string;
  /** The notice's id for this reader (their bell row's): what makes a channel's row unique per notice. */
  eventId: string;
  role: string;
  locale: string | null;
  i18n: I18n;
  text: string;
}

export interface Notice {
  complaint: ComplaintRow | null;
  /** Where a notice about no single complaint leads (a portal path such as '/cleaning'). */
  link?: string | undefined;
}

export interface NoticeChannel {
  readonly name: string;
  /**
   * Queues the notice for the readers who hear through this channel (their own switch, a device or
   * a number to reach). The readers given may be told outside the portal: their account is not
   * disabled and the notice is not for the bell only.
   */
  queue(db: Db | Tx, notice: Notice, readers: readonly ToldReader[]): Promise<void>;
}
