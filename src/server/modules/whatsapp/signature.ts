import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Meta signs each webhook post with the app secret: `X-Hub-Signature-256: sha256=<hex HMAC-SHA256
 * of the raw body>`. Checked on the bytes as they came, before anything is parsed or stored.
 */
export function validSignature(rawBody: Buffer, header: string | string[] | undefined, appSecret: string): boolean {
  if (typeof header !== 'string' || !header.startsWith('sha256=')) return false;
  const given = Buffer.from(header.slice('sha256='.length), 'hex');
  const expected = createHmac('sha256', appSecret).update(rawBody).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}
