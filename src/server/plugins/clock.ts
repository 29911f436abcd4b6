import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { systemClock, type Clock } from '../lib/clock.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The one clock the rules read (lib/clock.ts): a test's own when it gave one. */
    clock: Clock;
  }
}

export default fp(
  async function clockPlugin(app: FastifyInstance, opts: { clock?: Clock | undefined }) {
    app.decorate('clock', opts.clock ?? systemClock);
  },
  { name: 'clock' },
);
