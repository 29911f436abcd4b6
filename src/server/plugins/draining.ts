import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface Draining {
  /** True from the moment the process was told to stop: readiness fails, connections are not kept. */
  readonly active: boolean;
  /** Starts draining (main.ts calls it on SIGTERM, before it stops accepting connections). */
  begin(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    draining: Draining;
  }
}

/**
 * The first step of a graceful stop. Once draining, /readyz answers 503 so the balancer stops
 * sending new requests here, and every response says `Connection: close` so that no keep-alive
 * connection carries another request to an instance about to go (that next request used to get
 * Fastify's bare 503 or a reset). Requests keep being served normally until the server closes.
 * Idle keep-alive connections are left alone until then (Fastify closes them in close()): cutting
 * them now would race with a request the balancer is sending on one at that very moment.
 */
export default fp(
  async function drainingPlugin(app: FastifyInstance) {
    let active = false;
    app.decorate('draining', {
      get active() {
        return active;
      },
      begin() {
        if (active) return;
        active = true;
      },
    });
    app.addHook('onSend', async (request, reply) => {
      if (active && request.raw.httpVersionMajor < 2) reply.header('connection', 'close');
    });
  },
  { name: 'draining' },
);
