import { z } from 'zod';

/*
 * The simulated phones' conversations, in memory (decision 70): what the portal sent each number
 * through the simulated Graph API, and what the simulator's page sent as that number. Memory is
 * fine: the simulator runs in one development process and a restart may forget the chats, as a
 * new phone would.
 */

/** Messages kept per number; older ones are dropped, as a chat scrolled far back would be. */
export const MESSAGES_PER_NUMBER = 200;
/** Numbers kept; the one written to longest ago is forgotten first. */
const NUMBERS = 100;

export interface ChatButton {
  id: string;
  title: string;
}

export interface ChatRow {
  id: string;
  title: string;
  description?: string;
}

export interface ChatMessage {
  /** The WhatsApp message id (wamid…): the portal's as the Graph API answered it, or the phone's own. */
  id: string;
  from: 'portal' | 'me';
  at: string;
  kind: 'text' | 'template' | 'buttons' | 'list';
  text: string;
  template?: { name: string; language: string };
  buttons?: ChatButton[];
  list?: { button: string; rows: ChatRow[] };
  /** The message this one answers (a quoted reply, a tapped button or list row). */
  context?: { id: string; text: string };
}

export class Chats {
  private readonly byNumber = new Map<string, ChatMessage[]>();

  add(number: string, message: ChatMessage): void {
    const messages = this.byNumber.get(number) ?? [];
    // Map order is insertion order: moving the number to the end keeps the least recent first.
    this.byNumber.delete(number);
    this.byNumber.set(number, [...messages, message].slice(-MESSAGES_PER_NUMBER));
    while (this.byNumber.size > NUMBERS) {
      const oldest = this.byNumber.keys().next().value;
      if (oldest === undefined) break;
      this.byNumber.delete(oldest);
    }
  }

  of(number: string): readonly ChatMessage[] {
    return this.byNumber.get(number) ?? [];
  }

  find(number: string, id: string): ChatMessage | undefined {
    return this.of(number).find((m) => m.id === id);
  }

  clear(): void {
    this.byNumber.clear();
  }
}

/** A WhatsApp number as the Graph API and the webhook write it: digits only. */
export const waIdSchema = z.string().regex(/^\d{5,20}$/, 'a WhatsApp number in international form, digits only');

/*
 * What the Graph API's messages endpoint takes, with the limits Meta documents for the WhatsApp
 * Cloud API: a message the real API would refuse is refused here too, so the portal's own
 * messages (button titles, list rows) are checked against them in development.
 */
const base = { messaging_product: z.literal('whatsapp'), recipient_type: z.literal('individual').optional(), to: waIdSchema };

const textBody = z.object({ ...base, type: z.literal('text'), text: z.object({ body: z.string().min(1).max(4096), preview_url: z.boolean().optional() }) });

const templateBody = z.object({
  ...base,
  type: z.literal('template'),
  template: z.object({
    name: z.string().min(1).max(512),
    language: z.object({ code: z.string().min(2).max(15) }),
    components: z
      .array(z.object({ type: z.string(), parameters: z.array(z.object({ type: z.literal('text'), text: z.string().min(1).max(32_768).refine((t) => !/[\n\t]/.test(t), 'a template parameter may not hold new lines or tabs') })).optional() }))
      .optional(),
  }),
});

const buttonsBody = z.object({
  ...base,
  type: z.literal('interactive'),
  interactive: z.object({
    type: z.literal('button'),
    body: z.object({ text: z.string().min(1).max(1024) }),
    action: z.object({
      buttons: z
        .array(z.object({ type: z.literal('reply'), reply: z.object({ id: z.string().min(1).max(256), title: z.string().min(1).max(20) }) }))
        .min(1)
        .max(3),
    }),
  }),
});

const listBody = z.object({
  ...base,
  type: z.literal('interactive'),
  interactive: z.object({
    type: z.literal('list'),
    body: z.object({ text: z.string().min(1).max(4096) }),
    action: z.object({
      button: z.string().min(1).max(20),
      sections: z
        .array(
          z.object({
            title: z.string().max(24).optional(),
            rows: z.array(z.object({ id: z.string().min(1).max(200), title: z.string().min(1).max(24), description: z.string().max(72).optional() })).min(1),
          }),
        )
        .min(1)
        .max(10)
        .refine((sections) => sections.reduce((n, s) => n + s.rows.length, 0) <= 10, 'a list has at most 10 rows in all')
        .refine((sections) => sections.length === 1 || sections.every((s) => s.title), 'each section needs a title when there are several'),
    }),
  }),
});

/** The schema for the kind of message the body says it is: its issues then name the field that is wrong. */
function schemaFor(body: unknown) {
  const b = (body ?? {}) as { type?: unknown; interactive?: { type?: unknown } };
  if (b.type === 'text') return textBody;
  if (b.type === 'template') return templateBody;
  if (b.type === 'interactive') return b.interactive?.type === 'list' ? listBody : buttonsBody;
  return undefined;
}

/** What the portal asked the Graph API to send, as the chat shows it; or why Meta would refuse it. */
export function readSend(body: unknown, id: string, at: string): { to: string; message: ChatMessage } | { problem: string } {
  const schema = schemaFor(body);
  if (!schema) return { problem: 'type: the simulator takes text, template and interactive (button, list) messages' };
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { problem: `${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'not a message the Cloud API sends'}` };
  }
  const sent = parsed.data;
  const common = { id, from: 'portal' as const, at };
  switch (sent.type) {
    case 'text':
      return { to: sent.to, message: { ...common, kind: 'text', text: sent.text.body } };
    case 'template':
      return {
        to: sent.to,
        message: {
          ...common,
          kind: 'template',
          text: (sent.template.components ?? []).flatMap((c) => c.parameters ?? []).map((p) => p.text).join(' '),
          template: { name: sent.template.name, language: sent.template.language.code },
        },
      };
    case 'interactive': {
      const { interactive } = sent;
      if (interactive.type === 'button') {
        return { to: sent.to, message: { ...common, kind: 'buttons', text: interactive.body.text, buttons: interactive.action.buttons.map((b) => b.reply) } };
      }
      return {
        to: sent.to,
        message: { ...common, kind: 'list', text: interactive.body.text, list: { button: interactive.action.button, rows: interactive.action.sections.flatMap((s) => s.rows) } },
      };
    }
  }
}
