import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify, type ECDH } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A push service on 127.0.0.1 for tests, and the browser's side of Web Push: a subscription made as
 * a browser makes one (a P-256 key pair and a 16-byte auth secret), and RFC 8291 decryption of what
 * the portal sends to it, written here independently of the server's code.
 */

export interface ReceivedPush {
  /** The path the push was sent to: which subscription (device) it was for. */
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface FakeBrowser {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  ecdh: ECDH;
  authSecret: Buffer;
}

export class PushEndpoint {
  readonly received: ReceivedPush[] = [];
  /** The status to answer per path (default 201); a function answers per request. */
  private readonly answers = new Map<string, number | ((attempt: number) => number)>();
  private readonly attempts = new Map<string, number>();

  private constructor(
    private readonly server: Server,
    readonly baseUrl: string,
  ) {}

  static async start(): Promise<PushEndpoint> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const endpoint = new PushEndpoint(server, `http://127.0.0.1:${port}`);
    server.on('request', (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const path = req.url ?? '/';
        const attempt = (endpoint.attempts.get(path) ?? 0) + 1;
        endpoint.attempts.set(path, attempt);
        endpoint.received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
        // A push service that never answers: the request waits until released (or the server closes).
        if (endpoint.silent.has(path)) {
          endpoint.held.push(() => res.writeHead(201).end());
          return;
        }
        const answer = endpoint.answers.get(path) ?? 201;
        res.writeHead(typeof answer === 'function' ? answer(attempt) : answer).end();
      });
    });
    return endpoint;
  }

  /** Paths whose requests get no answer until `answerHeld` (a push service that has gone silent). */
  private readonly silent = new Set<string>();
  private readonly held: Array<() => void> = [];

  /** From now on this path answers nothing: each request waits. */
  silence(path: string): void {
    this.silent.add(path);
  }

  /** Answers every request held so far with 201, and answers this path at once again. */
  answerHeld(path: string): void {
    this.silent.delete(path);
    for (const answer of this.held.splice(0)) answer();
  }

  /** What this path answers from now on: a status, or one chosen per attempt (1, 2, …). */
  answer(path: string, status: number | ((attempt: number) => number)): void {
    this.answers.set(path, status);
  }

  for(path: string): ReceivedPush[] {
    return this.received.filter((r) => r.path === path);
  }

  /** A subscription as a browser would make it, at a path of its own on this service. */
  browser(path: string): FakeBrowser {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const authSecret = randomBytes(16);
    return {
      endpoint: `${this.baseUrl}${path}`,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') },
      ecdh,
      authSecret,
    };
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** Decrypts an aes128gcm push body (RFC 8188 header, RFC 8291 keys) with the browser's private key and auth secret. */
export function decryptPush(browser: Pick<FakeBrowser, 'ecdh' | 'authSecret'>, body: Buffer): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body.readUInt8(20);
  const asPublic = body.subarray(21, 21 + idLength);
  const records = body.subarray(21 + idLength);
  if (records.length > recordSize) throw new Error(`expected one record of at most ${recordSize} bytes, got ${records.length}`);

  const uaPublic = browser.ecdh.getPublicKey();
  const sharedSecret = browser.ecdh.computeSecret(asPublic);
  // RFC 8291 section 3.3: PRK_key = HMAC(auth_secret, ecdh_secret); IKM = HMAC(PRK_key, key_info || 0x01).
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', sharedSecret, browser.authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));

  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(records.subarray(records.length - 16));
  const padded = Buffer.concat([decipher.update(records.subarray(0, records.length - 16)), decipher.final()]);
  // Padding is zeros after a delimiter: 0x02 for the last record.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error(`the last record must end with the 0x02 delimiter, found ${padded[end]}`);
  return padded.subarray(0, end).toString('utf8');
}

/** Checks the VAPID Authorization header (RFC 8292) against the public key: its claims, or an error. */
export function verifyVapid(authorization: string | undefined, publicKey: string): { aud: string; exp: number; sub: string } {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!match?.[1] || !match[2]) throw new Error(`not a vapid Authorization header: ${authorization}`);
  if (match[2] !== publicKey) throw new Error('the header carries another public key');
  const [header = '', claims = '', signature = ''] = match[1].split('.');
  const pub = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: pub.subarray(1, 33).toString('base64url'), y: pub.subarray(33, 65).toString('base64url') },
    format: 'jwk',
  });
  const ok = verify('sha256', Buffer.from(`${header}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!ok) throw new Error('the VAPID signature does not verify');
  return JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as { aud: string; exp: number; sub: string };
}
