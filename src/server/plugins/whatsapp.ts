import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import { OutboxLoop } from '../lib/outbox-loop.js';
import { eq } from 'drizzle-orm';
import type { ZodType } from 'zod';
import { users, type UserRow } from '../db/schema.js';
import { AppError } from '../lib/errors.js';
import { fileCleaningRequest, fileComplaint, nearby } from '../modules/complaints/index.js';
import { meToo } from '../modules/followers/index.js';
import { addStudentPhotos, confirmResolution, reopen, studentReply } from '../modules/lifecycle/index.js';
import { storeUpload } from '../modules/photos/index.js';
import { ringInstead } from '../modules/notifications/index.js';
import { type ChatActions, WhatsAppInbound, WhatsAppOutbox } from '../modules/whatsapp/index.js';
import { createCleaningRequestSchema, createComplaintSchema } from '../../shared/complaints.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** WhatsApp's loops (issue 43); undefined when WhatsApp is off or not run by this app. */
    whatsapp: { wake: () => void } | undefined;
  }
}

/**
 * Runs WhatsApp's two loops for as long as the app runs: the outbox of messages to send and the
 * webhook's queue of what Meta posted. Says at start when WhatsApp is off.
 */
export default fp(
  async function whatsappPlugin(app: FastifyInstance, opts: { config: Config; enabled: boolean }) {
    const { whatsapp } = opts.config;
    if (!whatsapp) app.log.info('whatsapp: off (set the WHATSAPP_* settings to turn it on)');
    else if (whatsapp.simulated) app.log.info(`whatsapp: the development simulator at ${opts.config.publicUrl}/dev-whatsapp stands in for Meta (WHATSAPP_SIMULATOR=off turns it off)`);
    if (!whatsapp || !opts.enabled) {
      app.decorate('whatsapp', undefined);
      return;
    }
    const log = app.log.child({ component: 'whatsapp' });
    // What WhatsApp could not deliver rings the bell instead (the notifications module owns the bell).
    const ring = (notice: Parameters<typeof ringInstead>[1]) => ringInstead(app.db, notice);
    const actions = chatActions(app, opts.config);
    const outbox = new OutboxLoop(new WhatsAppOutbox(app.db, whatsapp, opts.config.publicUrl, log, ring), { log, pollIntervalMs: whatsapp.pollIntervalMs });
    const inbound = new OutboxLoop(new WhatsAppInbound(app.db, whatsapp, opts.config.publicUrl, log, () => outbox.notify(), ring, actions, opts.config.photos.maxUploadBytes), {
      log,
      pollIntervalMs: whatsapp.pollIntervalMs,
      // The claim keeps each number's events in order; different numbers are worked side by side.
      maxInFlight: 16,
    });
    app.decorate('whatsapp', {
      wake: () => {
        inbound.notify();
        outbox.notify();
      },
    });
    app.addHook('onReady', async () => {
      outbox.start();
      inbound.start();
    });
    app.addHook('onClose', async () => {
      await inbound.stop();
      await outbox.stop();
    });
  },
  // The lifecycle and the photo storage are read when the chat acts, once the app is ready: the
  // lifecycle itself wakes these loops after each commit, so it is registered after them.
  { name: 'whatsapp', dependencies: ['database', 'catalog'] },
);

/** A body the chat put together, checked as the route would check it. */
function checked<T>(schema: ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  throw new AppError(422, 'validation_failed', parsed.error.issues[0]?.message ?? 'Check what you entered.');
}

/**
 * What the chat does is what the page does: the lifecycle's student actions and filing, with the
 * person's own account (loaded fresh: a disabled account does nothing).
 */
function chatActions(app: FastifyInstance, config: Config): ChatActions {
  const student = async (userId: string): Promise<UserRow> => {
    const [row] = await app.db.select().from(users).where(eq(users.id, userId));
    if (!row || row.disabledAt) throw new AppError(403, 'forbidden', /*i18n*/ 'Your account is gone.');
    return row;
  };
  const filing = async () => {
    const snapshot = await app.catalog.get();
    return { ...app.lifecycle, actionLinkTtlMs: config.actionLinkTtlMs, catalog: snapshot.catalog, commonAreas: snapshot.commonAreas, routing: snapshot.routing };
  };
  return {
    reply: async (userId, number, text, key) => {
      await studentReply(app.lifecycle, await student(userId), number, text, key);
    },
    confirm: async (userId, number) => {
      await confirmResolution(app.lifecycle, await student(userId), number, {});
    },
    reopen: async (userId, number, reason) => {
      await reopen(app.lifecycle, await student(userId), number, reason);
    },
    file: async (userId, body, key) => {
      const { complaint } = await fileComplaint(await filing(), await student(userId), checked(createComplaintSchema, body), key);
      return { number: complaint.number };
    },
    fileCleaning: async (userId, body, key) => {
      const { complaint } = await fileCleaningRequest(await filing(), await student(userId), checked(createCleaningRequestSchema, { hostel: body.hostel, service: 'room_cleaning', roomNo: Number(body.roomNo) }), key);
      return { number: complaint.number };
    },
    photo: async (userId, bytes) => (await storeUpload(app.db, app.photoStorage, await student(userId), bytes)).id,
    addPhotos: async (userId, number, photoIds) => {
      await addStudentPhotos(app.lifecycle, await student(userId), number, photoIds);
    },
    alreadyOpen: async (userId, where) => (await nearby(app.db, userId, where)).complaints,
    meToo: async (userId, number) => {
      await meToo(app.lifecycle, await student(userId), number);
    },
    catalog: async () => (await app.catalog.get()).catalog,
    placeOf: async (userId) => {
      const [row] = await app.db.select({ hostel: users.placeHostel, floor: users.placeFloor, room: users.placeRoom }).from(users).where(eq(users.id, userId));
      if (!row?.hostel || row.floor === null || row.room === null) return null;
      const floor = Number(row.floor);
      return Number.isInteger(floor) ? { hostel: row.hostel, floor, roomNo: row.room } : null;
    },
  };
}
