/**
 * Fired on window when the device's outbox (offline-queue.ts) has sent something: what the app has
 * loaded is out of date. Its own tiny module, so the entry can listen without loading the outbox.
 */
export const OUTBOX_SENT = 'hcp:outbox-sent';
