import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { TEXT_RULE_MESSAGE, findUnstorableText } from '../../shared/text.js';
import { AppError } from '../lib/errors.js';

/**
 * Applies the shared text rule (src/shared/text.ts) to every request before its schema runs: path
 * parameters, query values and JSON bodies alike. One check for every route, present and future,
 * instead of a refinement someone has to remember on each string field.
 */
export default fp(
  async function inputTextPlugin(app: FastifyInstance) {
    app.addHook('preValidation', async (request) => {
      const paths = [
        ...findUnstorableText(request.params, 'params'),
        ...findUnstorableText(request.query, 'querystring'),
        ...findUnstorableText(request.body, 'body'),
      ];
      if (paths.length === 0) return;
      const fields = Object.fromEntries(paths.map((p) => [p.replace(/^(params|querystring|body)\./, ''), TEXT_RULE_MESSAGE]));
      throw new AppError(400, 'validation_failed', 'Some of the information sent is not valid.', fields);
    });
  },
  { name: 'input-text' },
);
