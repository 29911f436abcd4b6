import { createHmac, randomUUID } from 'node:crypto';
import { setTimeout as wait } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { WhatsAppConfig } from '../config.js';
import { AppError } from '../lib/errors.js';
import { safeEqual } from '../lib/tokens.js';
import { Chats, readSend, waIdSchema, type ChatMessage } from './chat.js';
import { chatCss, chatScript, renderChatPage } from './page.js';
import { DEV_WHATSAPP_GRAPH_PATH, DEV_WHATSAPP_PREFIX } from './prefix.js';

/**
 * The development WhatsApp simulator (decision 70), mounted under /dev-whatsapp only when
 * `config.whatsapp.simulated`: it plays Meta and a student's phone against the portal's real
 * WhatsApp code. The portal's Graph API client posts its messages here; the page shows them as a
 * chat, and what the page sends is posted to the portal's own webhook in Meta's shape, signed with
 * the app secret, as Meta posts it. So linking, filing and answering can be tried on `npm start`.
 * It never runs in production: the configuration refuses it there, and app.ts loads this file
 * only when it is on.
 */

export interface DevWhatsAppOptions {
  whatsapp: WhatsAppConfig;
  publicUrl: string;
  publicOrigin: string;
}

/** The student's phone number the page opens with when it is given none. */
export const DEFAULT_STUDENT_NUMBER = '919812345678';
/** How long after the Graph API's answer Meta's statuses come back: "sent", then "delivered". */
const SENT_AFTER_MS = 250;
const DELIVERED_AFTER_MS = 500;

/** Meta's error object, as the portal's Graph API client reads it. */
const graphError = (reply: FastifyReply, status: number, code: number, message: string, details?: string) =>
  reply
    .status(status)
    .send({ error: { message, type: 'OAuthException', code, ...(details ? { error_data: { messaging_product: 'whatsapp', details } } : {}), fbtrace_id: `dev-${randomUUID().slice(0, 8)}` } });

const sendBodySchema = z
  .object({
    number: waIdSchema,
    text: z.string().trim().min(1).max(4096).optional(),
    /** The portal's message a text quotes (WhatsApp's "Reply"). */
    context: z.string().min(1).max(200).optional(),
    /** A reply button or list row tapped: the portal's message and the option's id. */
    choose: z.object({ message: z.string().min(1).max(200), option: z.string().min(1).max(256) }).optional(),
  })
  .refine((body) => (body.text === undefined) !== (body.choose === undefined), 'send either text or choose');

export async function devWhatsAppPlugin(app: FastifyInstance, opts: DevWhatsAppOptions) {
  const { whatsapp } = opts;
  const chats = new Chats();
  const webhook = `${opts.publicUrl}/api/whatsapp/webhook`;
  const log = app.log.child({ component: 'dev-whatsapp' });
  // Statuses still to post when the app closes are dropped, not posted to a closed portal.
  const closing = new AbortController();
  const pending = new Set<Promise<void>>();

  /** Posts `value` to the portal's webhook exactly as Meta does: one entry, one change, signed raw bytes. */
  async function postWebhook(value: Record<string, unknown>): Promise<{ status: number; body: unknown }> {
    const raw = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: 'dev-whatsapp-business-account',
          changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', metadata: { display_phone_number: whatsapp.phoneNumber, phone_number_id: whatsapp.phoneNumberId }, ...value } }],
        },
      ],
    });
    const signature = `sha256=${createHmac('sha256', whatsapp.appSecret).update(raw).digest('hex')}`;
    const response = await fetch(webhook, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
      body: raw,
      redirect: 'error',
      signal: AbortSignal.any([closing.signal, AbortSignal.timeout(15_000)]),
    });
    return { status: response.status, body: await response.json().catch(() => null) };
  }

  /** Meta's "sent" and "delivered" for a message the portal sent, a moment apart, in the background. */
  function reportStatuses(wamid: string, to: string): void {
    const run = (async () => {
      try {
        for (const [status, after] of [['sent', SENT_AFTER_MS], ['delivered', DELIVERED_AFTER_MS]] as const) {
          await wait(after, undefined, { signal: closing.signal });
          const answer = await postWebhook({ statuses: [{ id: wamid, status, timestamp: String(Math.floor(Date.now() / 1000)), recipient_id: to }] });
          if (answer.status !== 200) log.warn({ status: answer.status }, `dev-whatsapp: the portal's webhook refused a "${status}" status`);
        }
      } catch (error) {
        if (!closing.signal.aborted) log.warn({ error: error instanceof Error ? error.message : String(error) }, 'dev-whatsapp: a status could not be posted to the webhook');
      }
    })();
    pending.add(run);
    void run.finally(() => pending.delete(run));
  }

  app.addHook('onClose', async () => {
    closing.abort();
    await Promise.allSettled([...pending]);
    chats.clear();
  });

  const r = app.withTypeProvider<ZodTypeProvider>();

  // The Graph API's messages endpoint, as the portal's client (modules/whatsapp/graph.ts) calls Meta's.
  r.post(
    `${DEV_WHATSAPP_GRAPH_PATH}/:phoneNumberId/messages`,
    { schema: { hide: true, params: z.object({ phoneNumberId: z.string().max(40) }) } },
    async (request, reply) => {
      const given = request.headers.authorization;
      if (typeof given !== 'string' || !safeEqual(given, `Bearer ${whatsapp.accessToken}`)) {
        return graphError(reply, 401, 190, 'Invalid OAuth access token - Cannot parse access token');
      }
      if (request.params.phoneNumberId !== whatsapp.phoneNumberId) {
        return graphError(reply, 400, 100, `Unsupported post request. Object with ID '${request.params.phoneNumberId}' does not exist`);
      }
      const wamid = `wamid.${randomUUID()}`;
      const read = readSend(request.body, wamid, new Date().toISOString());
      if ('problem' in read) {
        log.warn({ problem: read.problem }, 'dev-whatsapp: the portal sent a message the Cloud API would refuse');
        return graphError(reply, 400, 100, '(#100) Invalid parameter', read.problem);
      }
      chats.add(read.to, read.message);
      reportStatuses(wamid, read.to);
      return { messaging_product: 'whatsapp', contacts: [{ input: read.to, wa_id: read.to }], messages: [{ id: wamid }] };
    },
  );

  app.get(`${DEV_WHATSAPP_PREFIX}/assets/chat.css`, { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/css').header('cache-control', 'no-cache').send(chatCss),
  );
  app.get(`${DEV_WHATSAPP_PREFIX}/assets/chat.js`, { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/javascript').header('cache-control', 'no-cache').send(chatScript),
  );

  r.get(
    DEV_WHATSAPP_PREFIX,
    { schema: { hide: true, querystring: z.object({ number: z.string().max(40).optional(), text: z.string().max(4096).optional() }) } },
    async (request, reply) => {
      const given = request.query.number?.replace(/[\s+()-]/g, '') ?? '';
      const number = waIdSchema.safeParse(given).success ? given : DEFAULT_STUDENT_NUMBER;
      return reply
        .type('text/html')
        .header('cache-control', 'no-store')
        .send(renderChatPage({ number, numberGiven: given === number, text: request.query.text ?? '', business: whatsapp.phoneNumber }));
    },
  );

  r.get(
    `${DEV_WHATSAPP_PREFIX}/chat`,
    { schema: { hide: true, querystring: z.object({ number: waIdSchema }) } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { number: request.query.number, business: whatsapp.phoneNumber, messages: chats.of(request.query.number) };
    },
  );

  // What the phone sends: Meta's webhook post, built and signed here, to the portal's own webhook.
  r.post(
    `${DEV_WHATSAPP_PREFIX}/send`,
    { schema: { hide: true, body: sendBodySchema } },
    async (request, reply) => {
      // Outside /api the CSRF plugin does not look; a JSON body already needs a same-origin page
      // (a cross-site form cannot send one), and a browser's Origin must be the portal's.
      const origin = request.headers.origin;
      if (origin && origin !== opts.publicOrigin) throw new AppError(403, 'csrf_failed', 'This request came from another site.');
      const { number, text, context, choose } = request.body;
      const id = `wamid.dev.${randomUUID()}`;
      const at = new Date().toISOString();
      let message: ChatMessage;
      let sent: Record<string, unknown>;
      if (choose) {
        const asked = chats.find(number, choose.message);
        const option = asked?.buttons?.find((b) => b.id === choose.option) ?? asked?.list?.rows.find((row) => row.id === choose.option);
        if (!asked || !option) throw new AppError(404, 'not_found', 'That message or choice is not in this chat.');
        const replyType = asked.kind === 'list' ? 'list_reply' : 'button_reply';
        message = { id, from: 'me', at, kind: 'text', text: option.title, context: { id: asked.id, text: asked.text } };
        sent = { type: 'interactive', interactive: { type: replyType, [replyType]: option }, context: { from: whatsapp.phoneNumber, id: asked.id } };
      } else {
        const quoted = context ? chats.find(number, context) : undefined;
        if (context && !quoted) throw new AppError(404, 'not_found', 'The message to reply to is not in this chat.');
        message = { id, from: 'me', at, kind: 'text', text: text ?? '', ...(quoted ? { context: { id: quoted.id, text: quoted.text } } : {}) };
        sent = { type: 'text', text: { body: text ?? '' }, ...(quoted ? { context: { from: whatsapp.phoneNumber, id: quoted.id } } : {}) };
      }
      let answer: { status: number; body: unknown };
      try {
        answer = await postWebhook({
          contacts: [{ profile: { name: 'Development phone' }, wa_id: number }],
          messages: [{ from: number, id, timestamp: String(Math.floor(Date.parse(at) / 1000)), ...sent }],
        });
      } catch (error) {
        throw new AppError(502, 'webhook_unreachable', `The portal's webhook could not be reached: ${error instanceof Error ? error.message : 'network error'}`);
      }
      if (answer.status !== 200) throw new AppError(502, 'webhook_refused', `The portal's webhook answered ${answer.status}.`);
      chats.add(number, message);
      return reply.status(201).send({ message });
    },
  );
}
