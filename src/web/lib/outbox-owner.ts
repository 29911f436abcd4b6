/**
 * Who owns what the device's outbox (lib/offline-queue.ts) sends, apart from the outbox itself:
 * /api/me sets it on every page, while the outbox's code loads only with a form or the device module.
 */

/** The outbox's key in localStorage; sign-out keeps it (its entries are owner-tagged). */
export const OUTBOX_STORAGE_KEY = 'hcp.outbox';
/** Fired on window whenever the outbox changes (a page shows how many wait). */
export const OUTBOX_CHANGED = 'hcp:outbox-changed';

/** Who the page last learned is signed in (set from /api/me); tags what is queued. */
let signedIn: string | null = null;

export function setOutboxOwner(userId: string | null): void {
  if (signedIn === userId) return;
  signedIn = userId;
  window.dispatchEvent(new Event(OUTBOX_CHANGED));
}

export function outboxOwner(): string | null {
  return signedIn;
}
