import type { WhatsAppConfig } from '../../config.js';

/*
 * The Graph API's messages endpoint, as Meta documents it for the WhatsApp Cloud API:
 * POST {graph}/{phone-number-id}/messages with a bearer token answers the message's id (wamid…),
 * or an error object with a code. Nothing here logs a message's words.
 */

export type OutgoingMessage =
  | { type: 'text'; text: string }
  | { type: 'template'; name: string; language: string; parameters: string[] }
  /** Up to three reply buttons (titles of at most 20 characters). */
  | { type: 'buttons'; text: string; buttons: Array<{ id: string; title: string }> }
  /** A list to choose one row from (at most 10 rows, titles of at most 24 characters). */
  | { type: 'list'; text: string; button: string; rows: Array<{ id: string; title: string; description?: string }> };

/** What an answer means for the row that was sent. */
export type SendOutcome =
  | { kind: 'sent'; wamid: string }
  /** Outside the 24-hour window: only a template may be sent now. */
  | { kind: 'window_closed'; why: string }
  | { kind: 'retry'; why: string }
  | { kind: 'failed'; why: string };

/** Meta's codes (Cloud API error codes): throttled and temporarily failing ones are worth another try. */
const RETRY_CODES = new Set([4, 80007, 130429, 131000, 131016, 131048, 131056, 133004]);
const WINDOW_CODES = new Set([131047]);

function body(to: string, message: OutgoingMessage): Record<string, unknown> {
  const base = { messaging_product: 'whatsapp', recipient_type: 'individual', to };
  switch (message.type) {
    case 'text':
      return { ...base, type: 'text', text: { body: message.text, preview_url: true } };
    case 'template':
      return {
        ...base,
        type: 'template',
        template: {
          name: message.name,
          language: { code: message.language },
          components: [{ type: 'body', parameters: message.parameters.map((text) => ({ type: 'text', text })) }],
        },
      };
    case 'buttons':
      return {
        ...base,
        type: 'interactive',
        interactive: {
          type: 'button',
          body: { text: message.text },
          action: { buttons: message.buttons.map((b) => ({ type: 'reply', reply: { id: b.id, title: b.title } })) },
        },
      };
    case 'list':
      return {
        ...base,
        type: 'interactive',
        interactive: {
          type: 'list',
          body: { text: message.text },
          action: { button: message.button, sections: [{ title: message.button, rows: message.rows }] },
        },
      };
  }
}

/** Reads Meta's error object: `{ error: { code, message } }`. */
function errorOf(json: unknown): { code: number | undefined; message: string } {
  const error = (json as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  return { code: typeof error?.code === 'number' ? error.code : undefined, message: typeof error?.message === 'string' ? error.message.slice(0, 200) : '' };
}

export async function sendMessage(config: WhatsAppConfig, to: string, message: OutgoingMessage, timeoutMs = 15_000): Promise<SendOutcome> {
  let response: Response;
  try {
    response = await fetch(`${config.graphUrl}/${config.phoneNumberId}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${config.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(body(to, message)),
      redirect: 'error',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    return { kind: 'retry', why: error instanceof Error ? error.message.slice(0, 200) : 'network error' };
  }
  const json: unknown = await response.json().catch(() => null);
  if (response.ok) {
    const wamid = (json as { messages?: Array<{ id?: unknown }> } | null)?.messages?.[0]?.id;
    if (typeof wamid === 'string' && wamid) return { kind: 'sent', wamid };
    return { kind: 'retry', why: `Graph API answered ${response.status} without a message id` };
  }
  const { code, message: text } = errorOf(json);
  const why = `Graph API answered ${response.status}${code === undefined ? '' : ` (code ${code})`}${text ? `: ${text}` : ''}`;
  if (code !== undefined && WINDOW_CODES.has(code)) return { kind: 'window_closed', why };
  if (response.status === 429 || response.status >= 500 || (code !== undefined && RETRY_CODES.has(code))) return { kind: 'retry', why };
  return { kind: 'failed', why };
}

/**
 * A photo a student sent: the Graph API gives the media's address for its id, then the bytes with
 * the same token. At most `maxBytes`: anything larger is refused before it is all read.
 */
export async function fetchMedia(config: WhatsAppConfig, mediaId: string, maxBytes: number, timeoutMs = 30_000): Promise<Buffer> {
  const auth = { authorization: `Bearer ${config.accessToken}` };
  const meta = await fetch(`${config.graphUrl}/${encodeURIComponent(mediaId)}`, { headers: auth, redirect: 'error', signal: AbortSignal.timeout(timeoutMs) });
  if (!meta.ok) throw new Error(`Graph API answered ${meta.status} for a media id`);
  const info = (await meta.json()) as { url?: unknown; file_size?: unknown };
  if (typeof info.url !== 'string' || !/^https?:\/\//.test(info.url)) throw new Error('Graph API gave no media address');
  if (typeof info.file_size === 'number' && info.file_size > maxBytes) throw new MediaTooLarge();
  const media = await fetch(info.url, { headers: auth, redirect: 'follow', signal: AbortSignal.timeout(timeoutMs) });
  if (!media.ok || !media.body) throw new Error(`the media download answered ${media.status}`);
  const reader = media.body.getReader();
  const chunks: Buffer[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new MediaTooLarge();
    }
    chunks.push(Buffer.from(value));
  }
  return Buffer.concat(chunks);
}

export class MediaTooLarge extends Error {
  constructor() {
    super('the photo is larger than the portal takes');
  }
}
