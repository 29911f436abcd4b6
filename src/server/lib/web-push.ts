import { createECDH, createCipheriv, createPrivateKey, hkdfSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/**
 * The Web Push protocol with node:crypto alone: message encryption (RFC 8291, aes128gcm content
 * coding of RFC 8188) and VAPID (RFC 8292). The `web-push` package does the same through five
 * dependencies (asn1.js, jws, http_ece, https-proxy-agent, minimist); on Node 20 every primitive
 * it needs is built in, and the whole of it is the few functions below.
 */

export interface VapidKeys {
  /** The uncompressed P-256 public point (65 bytes), base64url: the browser's applicationServerKey. */
  publicKey: string;
  /** The private scalar (32 bytes), base64url: the format `web-push generate-vapid-keys` prints. */
  privateKey: string;
  /** mailto: or https: contact the push service may use to reach the portal's operator. */
  subject: string;
}

export interface PushTarget {
  endpoint: string;
  /** The browser's P-256 public key, base64url (65 bytes uncompressed). */
  p256dh: string;
  /** The browser's 16-byte auth secret, base64url. */
  auth: string;
}

const RECORD_SIZE = 4096;

/** A private scalar as exactly 32 bytes: some tools drop its leading zero bytes. */
function scalar(privateKey: string): Buffer {
  const raw = Buffer.from(privateKey, 'base64url');
  return raw.length >= 32 ? raw : Buffer.concat([Buffer.alloc(32 - raw.length), raw]);
}

export function generateVapidKeys(): { publicKey: string; privateKey: string } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { publicKey: ecdh.getPublicKey().toString('base64url'), privateKey: scalar(ecdh.getPrivateKey().toString('base64url')).toString('base64url') };
}

/** Checks that a key pair is a P-256 pair that belongs together; returns why not, or undefined. */
export function vapidKeyProblem(publicKey: string, privateKey: string): string | undefined {
  const pub = Buffer.from(publicKey, 'base64url');
  const priv = scalar(privateKey);
  if (pub.length !== 65 || pub[0] !== 4) return 'VAPID_PUBLIC_KEY must be an uncompressed P-256 point (65 bytes, base64url)';
  if (priv.length !== 32 || Buffer.from(privateKey, 'base64url').length < 16) return 'VAPID_PRIVATE_KEY must be a P-256 private key (32 bytes, base64url)';
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(priv);
    if (!ecdh.getPublicKey().equals(pub)) return 'VAPID_PUBLIC_KEY does not belong to VAPID_PRIVATE_KEY';
  } catch {
    return 'VAPID_PRIVATE_KEY is not a valid P-256 private key';
  }
  return undefined;
}

function signingKey(keys: Pick<VapidKeys, 'publicKey' | 'privateKey'>): KeyObject {
  const pub = Buffer.from(keys.publicKey, 'base64url');
  return createPrivateKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      d: scalar(keys.privateKey).toString('base64url'),
      x: pub.subarray(1, 33).toString('base64url'),
      y: pub.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
}

/** The Authorization header value for a push to `endpoint`: a 12-hour ES256 JWT for its origin (RFC 8292). */
export function vapidAuthorization(keys: VapidKeys, endpoint: string, now = Date.now()): string {
  const header = Buffer.from(JSON.stringify({ typ: 'JWT', alg: 'ES256' })).toString('base64url');
  const claims = Buffer.from(
    JSON.stringify({ aud: new URL(endpoint).origin, exp: Math.floor(now / 1000) + 12 * 60 * 60, sub: keys.subject }),
  ).toString('base64url');
  const input = `${header}.${claims}`;
  const signature = sign('sha256', Buffer.from(input), { key: signingKey(keys), dsaEncoding: 'ieee-p1363' }).toString('base64url');
  return `vapid t=${input}.${signature}, k=${keys.publicKey}`;
}

/**
 * Encrypts `payload` for one browser (RFC 8291): a fresh sender key pair and salt per message, one
 * record, the 0x02 delimiter of a last record. The result is the whole request body.
 */
export function encryptPayload(
  target: Pick<PushTarget, 'p256dh' | 'auth'>,
  payload: string,
  /** Only for checking against RFC 8291's worked example: never fix these for a real push. */
  fixed?: { senderPrivateKey: Buffer; salt: Buffer },
): Buffer {
  const uaPublic = Buffer.from(target.p256dh, 'base64url');
  const authSecret = Buffer.from(target.auth, 'base64url');
  if (uaPublic.length !== 65 || uaPublic[0] !== 4) throw new Error('the subscription key p256dh is not an uncompressed P-256 point');
  if (authSecret.length < 16) throw new Error('the subscription auth secret is shorter than 16 bytes');

  const sender = createECDH('prime256v1');
  if (fixed) sender.setPrivateKey(fixed.senderPrivateKey);
  const asPublic = fixed ? sender.getPublicKey() : sender.generateKeys();
  const sharedSecret = sender.computeSecret(uaPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', sharedSecret, authSecret, keyInfo, 32));

  const salt = fixed?.salt ?? randomBytes(16);
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));

  const plaintext = Buffer.concat([Buffer.from(payload, 'utf8'), Buffer.from([2])]);
  // One record must hold it all: the record size covers the plaintext, its delimiter and the 16-byte tag.
  if (plaintext.length + 16 > RECORD_SIZE) throw new Error('the push payload is too long for one record');
  const cipher = createCipheriv('aes-128-gcm', cek, nonce);
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final(), cipher.getAuthTag()]);

  const header = Buffer.alloc(16 + 4 + 1);
  salt.copy(header, 0);
  header.writeUInt32BE(RECORD_SIZE, 16);
  header.writeUInt8(asPublic.length, 20);
  return Buffer.concat([header, asPublic, ciphertext]);
}
