import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { complaints, whatsappConversations, whatsappOutbox } from '../../db/schema.js';
import { i18nFor, type I18n } from '../../i18n/index.js';
import { errorText } from '../../i18n/requester.js';
import { AppError } from '../../lib/errors.js';
import { sha256 } from '../../lib/tokens.js';
import { localName, NATIONAL_RAGGING_HELPLINE, type PublicCatalog } from '../../../shared/catalog.js';
import { isLocale } from '../../../shared/locale.js';
import { MediaTooLarge } from './graph.js';
import type { LinkedPerson } from './links.js';
import type { QueuedMessage } from './outbox.js';
import type { InboundMessage } from './webhook.js';

/**
 * What the chat may do on the portal (issue 43, items 5 and 6), given by the app that runs it: the
 * lifecycle's own student actions and filing, so that an answer, a confirmation or a complaint
 * made on WhatsApp is the same change, told to the same people, as one made on the page.
 */
export interface ChatActions {
  reply(userId: string, number: string, text: string, idempotencyKey: string): Promise<void>;
  confirm(userId: string, number: string): Promise<void>;
  reopen(userId: string, number: string, reason: string): Promise<void>;
  file(userId: string, body: FiledInChat, idempotencyKey: string): Promise<{ number: string }>;
  fileCleaning(userId: string, body: { hostel: string; roomNo: string }, idempotencyKey: string): Promise<{ number: string }>;
  catalog(): Promise<PublicCatalog>;
  /** The student's place as last filed, to offer again. */
  placeOf(userId: string): Promise<Place | null>;
  /** Checks and strips a photo as any upload is (photos module); its id, not yet attached. */
  photo(userId: string, bytes: Buffer): Promise<string>;
  addPhotos(userId: string, number: string, photoIds: string[]): Promise<void>;
  /** Open complaints like this one at the same place, as the form shows them (never who filed them). */
  alreadyOpen(userId: string, where: { hostel: string; category: string; floor: number; room: string; text: string }): Promise<Array<{ number: string; subCategory: string; excerpt: string; following: boolean; mine: boolean }>>;
  meToo(userId: string, number: string): Promise<void>;
}

export interface Place {
  hostel: string;
  floor: number;
  roomNo: string;
}

export interface FiledInChat extends Place {
  category: string;
  subCategory: string;
  complaint: string;
  photoIds?: string[];
}

const CLEANING = 'service:room_cleaning';

/** Where a conversation stands between two messages. */
type ChatState =
  | { step: 'category' }
  | { step: 'sub'; category: string }
  | { step: 'place'; category: string; sub: string; place: Place }
  | { step: 'hostel'; category: string; sub: string }
  | { step: 'room'; category: string; sub: string; hostel: string }
  | { step: 'message'; category: string; sub: string; place: Place; photoIds?: string[] }
  | { step: 'confirm'; category: string; sub: string; place: Place; message: string; photoIds?: string[] }
  | { step: 'reopen'; number: string };

/** A quiet chat starts over: half an hour after the last message, a half-filed complaint is forgotten. */
const STATE_MINUTES = 30;
/** Meta's limits: a list row's title, a reply button's title. */
const ROW_TITLE = 24;
const BUTTON_TITLE = 20;
/** Photos a complaint may carry, as on the form. */
const MAX_PHOTOS = 5;
const cut = (text: string, max: number) => ([...text].length <= max ? text : `${[...text].slice(0, max - 1).join('')}…`);

type Reply = Extract<QueuedMessage, { kind: 'reply' }>;

/** An idempotency key from a WhatsApp message id, in the keys' own alphabet: the same message is one change. */
const keyOf = (messageId: string) => `wa-${sha256(messageId).slice(0, 40)}`;

export class Chat {
  constructor(
    private readonly db: Db,
    private readonly actions: ChatActions,
    private readonly publicUrl: string,
    /** The bytes of a photo sent in the chat, by its media id (the Graph API's media endpoint). */
    private readonly media: (mediaId: string) => Promise<Buffer>,
  ) {}

  private url(path: string) {
    return new URL(path, this.publicUrl).href;
  }

  private async stateOf(waId: string): Promise<ChatState | null> {
    const [row] = await this.db
      .select({ state: whatsappConversations.state })
      .from(whatsappConversations)
      .where(sql`${whatsappConversations.waId} = ${waId} and ${whatsappConversations.updatedAt} > now() - ${`${STATE_MINUTES} minutes`}::interval`);
    return (row?.state as ChatState | undefined) ?? null;
  }

  private async save(waId: string, state: ChatState | null): Promise<void> {
    if (!state) {
      await this.db.delete(whatsappConversations).where(eq(whatsappConversations.waId, waId));
      return;
    }
    await this.db
      .insert(whatsappConversations)
      .values({ waId, state })
      .onConflictDoUpdate({ target: whatsappConversations.waId, set: { state, updatedAt: sql`now()` } });
  }

  /** What a linked person's message leads to: the replies to send back (in their language). */
  async handle(person: LinkedPerson, message: InboundMessage, words: string): Promise<Reply[]> {
    const i18n = i18nFor(isLocale(person.locale) ? person.locale : null);
    try {
      return await this.work(person, message, words, i18n);
    } catch (error) {
      // A rule of the portal said no (a complaint not yours, not resolved, a room out of range):
      // the person reads why, in their words, and may try again.
      if (error instanceof AppError) {
        return [{ kind: 'reply', text: errorText(i18n, error) }];
      }
      throw error;
    }
  }

  private async work(person: LinkedPerson, message: InboundMessage, words: string, i18n: I18n): Promise<Reply[]> {
    const tapped = message.interactive?.button_reply?.id ?? message.interactive?.list_reply?.id ?? message.button?.payload ?? null;
    const command = words.toLowerCase();
    const waId = message.from;

    if (command === 'cancel' || command === i18n._('cancel').toLowerCase() || tapped === 'flow:cancel') {
      await this.save(waId, null);
      return [{ kind: 'reply', text: i18n._('Cancelled. Send "new complaint" to start again.') }];
    }
    if (person.role !== 'student') {
      return [{ kind: 'reply', text: i18n._('Complaints are worked on the portal: {url}', { url: this.url('/staff') }) }];
    }

    // Fixed / Not fixed, tapped on the "confirm the fix" update.
    const verdict = tapped?.match(/^(fixed|notfixed):(.+)$/);
    if (verdict?.[1] && verdict[2]) {
      const number = verdict[2];
      if (verdict[1] === 'fixed') {
        await this.actions.confirm(person.id, number);
        await this.save(waId, null);
        return [{ kind: 'reply', text: i18n._('Thank you. {number} is closed as fixed.', { number }) }];
      }
      await this.save(waId, { step: 'reopen', number });
      return [{ kind: 'reply', text: i18n._('What is still wrong with {number}? Write it in a few words and it goes back to the team.', { number }) }];
    }

    // An answer: the person quoted one of the portal's messages about a complaint.
    const quoted = message.context?.id ? await this.complaintOf(message.context.id, person.id) : null;
    if (message.image) return this.photo(person, message, quoted, words, i18n);
    if (quoted && words && !tapped) {
      await this.save(waId, null);
      await this.actions.reply(person.id, quoted, words, keyOf(message.id));
      return [{ kind: 'reply', text: i18n._('Added to {number}. The team will see it.', { number: quoted }) }];
    }

    const state = await this.stateOf(waId);
    if (state?.step === 'reopen') {
      if (!words) return [{ kind: 'reply', text: i18n._('What is still wrong with {number}? Write it in a few words and it goes back to the team.', { number: state.number }) }];
      await this.actions.reopen(person.id, state.number, words);
      await this.save(waId, null);
      return [{ kind: 'reply', text: i18n._('{number} is reopened; the team has your words.', { number: state.number }) }];
    }
    if (!state || command === 'new complaint' || command === i18n._('new complaint').toLowerCase() || tapped === 'flow:new') {
      return this.categories(waId, i18n);
    }
    return this.step(person, waId, message.id, state, words, tapped, i18n);
  }

  /**
   * A photo: added to the complaint whose message it answers, or to the complaint being filed; a
   * caption is the words that go with it.
   */
  private async photo(person: LinkedPerson, message: InboundMessage, quoted: string | null, caption: string, i18n: I18n): Promise<Reply[]> {
    const state = quoted ? null : await this.stateOf(message.from);
    const filing = state?.step === 'message' || state?.step === 'confirm' ? state : null;
    if (!quoted && !filing) {
      return [{ kind: 'reply', text: i18n._('To add a photo, answer the complaint’s message with it, or send it while you file a complaint.') }];
    }
    if (filing && (filing.photoIds?.length ?? 0) >= MAX_PHOTOS) return [{ kind: 'reply', text: i18n._('A complaint takes at most {max} photos.', { max: MAX_PHOTOS }) }];
    let bytes: Buffer;
    try {
      bytes = await this.media(message.image?.id ?? '');
    } catch (error) {
      if (error instanceof MediaTooLarge) return [{ kind: 'reply', text: i18n._('This photo is too large. Send a smaller one.') }];
      throw error;
    }
    const photoId = await this.actions.photo(person.id, bytes);
    if (quoted) {
      await this.actions.addPhotos(person.id, quoted, [photoId]);
      if (caption) await this.actions.reply(person.id, quoted, caption, keyOf(message.id));
      return [{ kind: 'reply', text: i18n._('Photo added to {number}.', { number: quoted }) }];
    }
    if (!filing) return [];
    const photoIds = [...(filing.photoIds ?? []), photoId];
    if (filing.step === 'message') {
      if (caption) return this.confirm(message.from, { step: 'confirm', category: filing.category, sub: filing.sub, place: filing.place, message: caption, photoIds }, i18n, person.id);
      await this.save(message.from, { ...filing, photoIds });
      return [{ kind: 'reply', text: i18n._('Photo kept. Now describe the problem in a few lines.') }];
    }
    return this.confirm(message.from, { ...filing, photoIds }, i18n, person.id);
  }

  /** The complaint a message of ours was about, if it went to this person. */
  private async complaintOf(wamid: string, userId: string): Promise<string | null> {
    const result = await this.db.execute(sql`
      select c.number from ${whatsappOutbox} o join ${complaints} c on c.id = o.complaint_id
      where o.wamid = ${wamid} and o.user_id = ${userId}`);
    const row = (result as { rows: Array<{ number: string }> }).rows[0];
    return row?.number ?? null;
  }

  private async categories(waId: string, i18n: I18n): Promise<Reply[]> {
    const catalog = await this.actions.catalog();
    await this.save(waId, { step: 'category' });
    const rows = catalog.categories.map((c) => ({ id: `category:${c.key}`, title: cut(localName(i18n.locale, c, 'cardTitle'), ROW_TITLE) }));
    const cleaning = catalog.services.find((s) => s.key === 'room_cleaning' && s.enabled);
    if (cleaning) rows.push({ id: CLEANING, title: cut(localName(i18n.locale, cleaning, 'label'), ROW_TITLE) });
    return [
      {
        kind: 'reply',
        text: i18n._('What is it about? Choose below. Send "cancel" at any time to stop.'),
        list: { button: cut(i18n._('Choose'), BUTTON_TITLE), rows: rows.slice(0, 10) },
      },
    ];
  }

  private async step(person: LinkedPerson, waId: string, tapId: string, state: ChatState, words: string, tapped: string | null, i18n: I18n): Promise<Reply[]> {
    const catalog = await this.actions.catalog();
    switch (state.step) {
      case 'category': {
        const key = tapped?.startsWith('category:') ? tapped.slice('category:'.length) : null;
        if (tapped === CLEANING) return this.offerPlace(person, waId, { category: CLEANING, sub: '' }, i18n);
        const category = catalog.categories.find((c) => c.key === key);
        if (!category) return this.categories(waId, i18n);
        if (category.confidential) {
          // Ragging is never reported in a chat a phone's owner may show others: the confidential form, and help now.
          await this.save(waId, null);
          return [
            {
              kind: 'reply',
              text: i18n._('Ragging is reported on the confidential form, not in this chat: {url}. If you are in danger or need help now, call the anti-ragging helpline {helpline}.', {
                url: this.url(`/complaints/${category.route}`),
                helpline: catalog.university.raggingContacts?.raggingHelpline || NATIONAL_RAGGING_HELPLINE,
              }),
            },
          ];
        }
        await this.save(waId, { step: 'sub', category: category.key });
        return [
          {
            kind: 'reply',
            text: i18n._('What is wrong?'),
            list: {
              button: cut(i18n._('Choose'), BUTTON_TITLE),
              rows: category.subCategories.slice(0, 10).map((s, index) => ({ id: `sub:${index}`, title: cut(localName(i18n.locale, s, 'name'), ROW_TITLE) })),
            },
          },
        ];
      }
      case 'sub': {
        const category = catalog.categories.find((c) => c.key === state.category);
        const index = tapped?.startsWith('sub:') ? Number(tapped.slice(4)) : -1;
        const sub = category?.subCategories[index];
        if (!category || !sub) return this.categories(waId, i18n);
        return this.offerPlace(person, waId, { category: category.key, sub: sub.name }, i18n);
      }
      case 'place': {
        if (tapped === 'place:same') return this.askMessage(waId, { ...state, step: 'message' }, i18n);
        return this.askHostel(waId, state, catalog, i18n);
      }
      case 'hostel': {
        const chosen = tapped?.startsWith('hostel:') ? tapped.slice('hostel:'.length) : words;
        const hostel = catalog.hostels.find((h) => h.name.toLowerCase() === chosen.toLowerCase());
        if (!hostel) return this.askHostel(waId, state, catalog, i18n);
        await this.save(waId, { step: 'room', category: state.category, sub: state.sub, hostel: hostel.name });
        return [{ kind: 'reply', text: i18n._('Your floor and room number, e.g. "3 312".') }];
      }
      case 'room': {
        const [floor, room] = words.split(/[\s,/]+/).filter(Boolean);
        if (!floor || !/^-?\d{1,2}$/.test(floor) || !room) return [{ kind: 'reply', text: i18n._('Your floor and room number, e.g. "3 312".') }];
        const place = { hostel: state.hostel, floor: Number(floor), roomNo: room };
        if (state.category === CLEANING) return this.confirm(waId, { step: 'confirm', category: CLEANING, sub: '', place, message: '' }, i18n);
        return this.askMessage(waId, { step: 'message', category: state.category, sub: state.sub, place }, i18n);
      }
      case 'message': {
        if (!words) return this.askMessage(waId, state, i18n);
        return this.confirm(waId, { step: 'confirm', category: state.category, sub: state.sub, place: state.place, message: words, ...(state.photoIds ? { photoIds: state.photoIds } : {}) }, i18n, person.id);
      }
      case 'confirm': {
        const same = tapped?.startsWith('metoo:') ? tapped.slice('metoo:'.length) : null;
        if (same) {
          await this.actions.meToo(person.id, same);
          await this.save(waId, null);
          return [{ kind: 'reply', text: i18n._('You are added to {number}: you will hear here when it moves. Nothing new was filed.', { number: same }) }];
        }
        if (tapped !== 'flow:file') return this.confirm(waId, state, i18n, person.id);
        // The tap's own message id: a tap Meta delivers twice files once.
        const key = keyOf(tapId);
        let filed: { number: string };
        try {
          filed =
            state.category === CLEANING
              ? await this.actions.fileCleaning(person.id, { hostel: state.place.hostel, roomNo: state.place.roomNo }, key)
              : await this.actions.file(person.id, { category: state.category, subCategory: state.sub, complaint: state.message, ...state.place, ...(state.photoIds?.length ? { photoIds: state.photoIds } : {}) }, key);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          // Most often the room: not one of the hostel's. Ask for it again; the rest is kept.
          await this.save(waId, { step: 'room', category: state.category, sub: state.sub, hostel: state.place.hostel });
          return [{ kind: 'reply', text: errorText(i18n, error) }, { kind: 'reply', text: i18n._('Your floor and room number, e.g. "3 312".') }];
        }
        await this.save(waId, null);
        return [
          {
            kind: 'reply',
            text: i18n._('Filed: {number}. You will hear here when it moves; answer its messages to write to the team. Follow it at {url}', {
              number: filed.number,
              url: this.url(`/my/${filed.number}`),
            }),
          },
        ];
      }
      case 'reopen':
        return [];
    }
  }

  private placeWords(place: Place, i18n: I18n): string {
    return i18n._('{hostel}, floor {floor}, room {room}', { hostel: place.hostel, floor: place.floor, room: place.roomNo });
  }

  /** The remembered place to confirm, or the hostels to choose from. */
  private async offerPlace(person: LinkedPerson, waId: string, chosen: { category: string; sub: string }, i18n: I18n): Promise<Reply[]> {
    const place = await this.actions.placeOf(person.id);
    if (!place) return this.askHostel(waId, chosen, await this.actions.catalog(), i18n);
    await this.save(waId, { step: 'place', ...chosen, place });
    return [
      {
        kind: 'reply',
        text: i18n._('Is it at {place}?', { place: this.placeWords(place, i18n) }),
        buttons: [
          { id: 'place:same', title: cut(i18n._('Yes, there'), BUTTON_TITLE) },
          { id: 'place:change', title: cut(i18n._('Somewhere else'), BUTTON_TITLE) },
        ],
      },
    ];
  }

  private async askHostel(waId: string, chosen: { category: string; sub: string }, catalog: PublicCatalog, i18n: I18n): Promise<Reply[]> {
    await this.save(waId, { step: 'hostel', category: chosen.category, sub: chosen.sub });
    const hostels = catalog.hostels.map((h) => ({ id: `hostel:${h.name}`, title: cut(localName(i18n.locale, h, 'name'), ROW_TITLE) }));
    if (hostels.length > 10) return [{ kind: 'reply', text: i18n._('Which hostel? Write its name as the portal spells it: {names}', { names: catalog.hostels.map((h) => h.name).join(', ') }) }];
    return [{ kind: 'reply', text: i18n._('Which hostel?'), list: { button: cut(i18n._('Choose'), BUTTON_TITLE), rows: hostels } }];
  }

  private async askMessage(waId: string, state: Extract<ChatState, { step: 'message' }> | Extract<ChatState, { step: 'place' }>, i18n: I18n): Promise<Reply[]> {
    if (state.category === CLEANING) return this.confirm(waId, { step: 'confirm', category: CLEANING, sub: '', place: state.place, message: '' }, i18n);
    await this.save(waId, { step: 'message', category: state.category, sub: state.sub, place: state.place });
    return [{ kind: 'reply', text: i18n._('Describe the problem in a few lines. You may send photos too.') }];
  }

  private async confirm(waId: string, state: Extract<ChatState, { step: 'confirm' }>, i18n: I18n, userId?: string): Promise<Reply[]> {
    await this.save(waId, state);
    const catalog = await this.actions.catalog();
    // Already reported there? The student may add themselves to it instead of filing the same again.
    const open =
      userId && state.category !== CLEANING
        ? (await this.actions.alreadyOpen(userId, { hostel: state.place.hostel, category: state.category, floor: state.place.floor, room: state.place.roomNo, text: state.message })).filter((c) => !c.mine && !c.following)
        : [];
    const same = open[0];
    const category = catalog.categories.find((c) => c.key === state.category);
    const what = category ? `${localName(i18n.locale, category, 'cardTitle')} · ${state.sub}` : i18n._('Room cleaning');
    const photos = state.photoIds?.length ? i18n._('{count, plural, one {# photo} other {# photos}}', { count: state.photoIds.length }) : '';
    const summary = [what, this.placeWords(state.place, i18n), state.message, photos].filter(Boolean).join('\n');
    const already = same ? i18n._('Already reported there: {number} · {what}: {excerpt}', { number: same.number, what: same.subCategory, excerpt: same.excerpt }) : '';
    return [
      {
        kind: 'reply',
        text: [i18n._('File this?\n{summary}', { summary }), already].filter(Boolean).join('\n\n'),
        buttons: [
          ...(same ? [{ id: `metoo:${same.number}`, title: cut(i18n._('Me too'), BUTTON_TITLE) }] : []),
          { id: 'flow:file', title: cut(i18n._('File it'), BUTTON_TITLE) },
          { id: 'flow:cancel', title: cut(i18n._('Cancel'), BUTTON_TITLE) },
        ],
      },
    ];
  }
}
