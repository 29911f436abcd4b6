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
 * Fastify's bare 503 or a reset). Connections idle at that moment are closed at once. Requests
 * keep being served normally until the server actually closes.
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
        // Idle keep-alive sockets would otherwise carry the balancer's next request here.
        app.server.closeIdleConnections();
      },
    });
    app.addHook('onSend', async (request, reply) => {
      if (active && request.raw.httpVersionMajor < 2) reply.header('connection', 'close');
    });
  },
  { name: 'draining' },
);
