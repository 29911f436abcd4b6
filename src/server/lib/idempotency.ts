import { z } from 'zod';

/**
 * The optional Idempotency-Key header of a request that writes: a client that lost the answer sends
 * the same key again, and the server answers without doing the work twice.
 */
export const idempotencyHeaders = z.looseObject({
  'idempotency-key': z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,100}$/, 'must be 8 to 100 letters, digits, - or _ (a UUID is ideal)')
    .optional()
    .describe('Send the same key when retrying one request: it is done once, and the retry is answered as the first was'),
});
