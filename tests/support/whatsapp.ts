import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * WhatsApp for tests (issue 43): a local fake of the Graph API's messages endpoint, which records
 * what the portal sent and answers as Meta documents it, and webhook posts in Meta's shape, signed
 * with the app secret as Meta signs them.
 */

export const WHATSAPP_TEST_SECRET = 'test-app-secret';
export const WHATSAPP_TEST_VERIFY_TOKEN = 'test-verify-token';
export const WHATSAPP_TEST_NUMBER = '919876543210';
export const WHATSAPP_TEST_PHONE_NUMBER_ID = '100200300';

/** The settings that turn WhatsApp on against `graph`. */
export function whatsappEnv(graphUrl: string): Record<string, string> {
  return {
    WHATSAPP_PHONE_NUMBER_ID: WHATSAPP_TEST_PHONE_NUMBER_ID,
    WHATSAPP_ACCESS_TOKEN: 'test-access-token',
    WHATSAPP_APP_SECRET: WHATSAPP_TEST_SECRET,
    WHATSAPP_VERIFY_TOKEN: WHATSAPP_TEST_VERIFY_TOKEN,
    WHATSAPP_PHONE_NUMBER: WHATSAPP_TEST_NUMBER,
    WHATSAPP_GRAPH_URL: graphUrl,
    WHATSAPP_POLL_INTERVAL_MS: '100',
    WHATSAPP_RETRY_BASE_MS: '50',
  };
}

export interface SentMessage {
  wamid: string;
  to: string;
  type: string;
  /** The words: a text's body, an interactive message's body, a template's parameters joined. */
  text: string;
  body: Record<string, unknown>;
  authorization: string | undefined;
  path: string;
  /** When the fake took it (this process's performance.now()): what a bench measures up to. */
  receivedAt: number;
}

type Answer = { status: number; body: unknown };

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
}

function wordsOf(body: Record<string, unknown>): string {
  const b = body as { text?: { body?: string }; interactive?: { body?: { text?: string } }; template?: { components?: Array<{ parameters?: Array<{ text?: string }> }> } };
  return b.text?.body ?? b.interactive?.body?.text ?? (b.template?.components ?? []).flatMap((c) => c.parameters ?? []).map((p) => p.text ?? '').join(' ');
}

export class GraphFake {
  readonly sent: SentMessage[] = [];
  /** The next answers, in order, instead of success (an error Meta gives). */
  private readonly planned: Answer[] = [];

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(): Promise<GraphFake> {
    const holder: { fake?: GraphFake } = {};
    const server = createServer((request, response) => {
      void (async () => {
        const media = request.method === 'GET' ? holder.fake?.mediaAnswer(request) : undefined;
        if (media) {
          response.writeHead(media.status, { 'content-type': media.type });
          response.end(media.body);
          return;
        }
        const body = await readJson(request).catch(() => ({}));
        const answer = holder.fake?.answer(request, body) ?? { status: 500, body: {} };
        response.writeHead(answer.status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(answer.body));
      })();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    holder.fake = new GraphFake(server, `http://127.0.0.1:${port}/v23.0`);
    return holder.fake;
  }

  /** Meta refuses the next sends with this error (code 131047: outside the 24-hour window; 130429: throttled). */
  refuseNext(status: number, code: number, message = 'refused', times = 1): void {
    for (let i = 0; i < times; i++) this.planned.push({ status, body: { error: { message, type: 'OAuthException', code, fbtrace_id: 'trace' } } });
  }

  private readonly media = new Map<string, { bytes: Buffer; type: string }>();
  /** Media fetched, by id (the portal asks for the address, then the bytes). */
  readonly mediaFetched: string[] = [];

  /** A photo a phone sent: its media id, as a webhook names it. */
  addMedia(bytes: Buffer, type = 'image/jpeg'): string {
    const id = `${1000 + this.media.size}${Date.now()}`;
    this.media.set(id, { bytes, type });
    return id;
  }

  /** The media endpoint: GET /v23.0/<media-id> gives its address, GET /media/<media-id> its bytes (both with the token). */
  mediaAnswer(request: IncomingMessage): { status: number; type: string; body: Buffer | string } | undefined {
    const url = new URL(request.url ?? '/', this.url);
    if (request.headers.authorization !== 'Bearer test-access-token') return { status: 401, type: 'application/json', body: JSON.stringify({ error: { code: 190, message: 'bad token' } }) };
    const bytes = /^\/media\/(\d+)$/.exec(url.pathname);
    if (bytes?.[1]) {
      const found = this.media.get(bytes[1]);
      return found ? { status: 200, type: found.type, body: found.bytes } : { status: 404, type: 'text/plain', body: 'gone' };
    }
    const info = /^\/v23\.0\/(\d+)$/.exec(url.pathname);
    if (info?.[1]) {
      const found = this.media.get(info[1]);
      if (!found) return { status: 404, type: 'application/json', body: JSON.stringify({ error: { code: 100, message: 'no such media' } }) };
      this.mediaFetched.push(info[1]);
      const body = { messaging_product: 'whatsapp', id: info[1], mime_type: found.type, file_size: found.bytes.length, url: `${url.origin}/media/${info[1]}` };
      return { status: 200, type: 'application/json', body: JSON.stringify(body) };
    }
    return undefined;
  }

  to(waId: string): SentMessage[] {
    return this.sent.filter((m) => m.to === waId);
  }

  private answer(request: IncomingMessage, body: Record<string, unknown>): Answer {
    if (request.method !== 'POST' || !request.url?.endsWith(`/${WHATSAPP_TEST_PHONE_NUMBER_ID}/messages`)) return { status: 404, body: { error: { message: 'unknown path', code: 100 } } };
    const planned = this.planned.shift();
    if (planned) return planned;
    const wamid = `wamid.${randomUUID()}`;
    const to = String(body.to);
    this.sent.push({ wamid, to, type: String(body.type), text: wordsOf(body), body, authorization: request.headers.authorization, path: request.url, receivedAt: performance.now() });
    return { status: 200, body: { messaging_product: 'whatsapp', contacts: [{ input: to, wa_id: to }], messages: [{ id: wamid }] } };
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

export const sign = (raw: string, secret = WHATSAPP_TEST_SECRET) => `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;

/** A webhook post's body with these messages and statuses, as Meta sends it. */
export function webhookPayload(value: { messages?: unknown[]; statuses?: unknown[]; contacts?: unknown[] }) {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '1234567890',
        changes: [
          {
            field: 'messages',
            value: { messaging_product: 'whatsapp', metadata: { display_phone_number: WHATSAPP_TEST_NUMBER, phone_number_id: WHATSAPP_TEST_PHONE_NUMBER_ID }, ...value },
          },
        ],
      },
    ],
  };
}

/** A text message from `from`, as Meta posts it; `context` quotes one of the portal's messages. */
export function textMessage(from: string, text: string, opts: { id?: string; context?: string; name?: string } = {}) {
  return webhookPayload({
    contacts: [{ profile: { name: opts.name ?? 'Student' }, wa_id: from }],
    messages: [
      {
        from,
        id: opts.id ?? `wamid.in.${randomUUID()}`,
        timestamp: String(Math.floor(Date.now() / 1000)),
        type: 'text',
        text: { body: text },
        ...(opts.context ? { context: { from: WHATSAPP_TEST_NUMBER, id: opts.context } } : {}),
      },
    ],
  });
}

/** Posts a payload to the portal's webhook, signed (or with the signature given). */
export async function postWebhook(baseUrl: string, payload: unknown, signature?: string | null): Promise<{ status: number; body: unknown }> {
  const raw = JSON.stringify(payload);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const header = signature === undefined ? sign(raw) : signature;
  if (header !== null) headers['x-hub-signature-256'] = header;
  const response = await fetch(`${baseUrl}/api/whatsapp/webhook`, { method: 'POST', headers, body: raw });
  return { status: response.status, body: await response.json().catch(() => null) };
}

/** The student's phone writes to the portal. */
export function sendWhatsApp(portal: { baseUrl: string }, message: { from: string; text: string; id?: string; context?: string }) {
  return postWebhook(portal.baseUrl, textMessage(message.from, message.text, message));
}

/** A Graph API fake for a browser suite's set-up (its `url` goes into WHATSAPP_GRAPH_URL). */
export const startGraphFake = (): Promise<GraphFake> => GraphFake.start();

/** A photo from `from`, as Meta posts it; `context` quotes one of the portal's messages. */
export function imageMessage(from: string, mediaId: string, opts: { caption?: string; context?: string } = {}) {
  return webhookPayload({
    messages: [
      {
        from,
        id: `wamid.img.${randomUUID()}`,
        timestamp: String(Math.floor(Date.now() / 1000)),
        type: 'image',
        image: { id: mediaId, mime_type: 'image/jpeg', ...(opts.caption ? { caption: opts.caption } : {}) },
        ...(opts.context ? { context: { from: WHATSAPP_TEST_NUMBER, id: opts.context } } : {}),
      },
    ],
  });
}
