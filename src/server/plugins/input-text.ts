import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { TEXT_RULE_MESSAGE, findUnstorableText } from '../../shared/text.js';
import { AppError } from '../lib/errors.js';

/**
 * The deepest nesting of arrays and objects a JSON body may have. The portal's own payloads go three
 * or four levels deep; every walk over a parsed body (the text rule, zod) recurses, and thousands of
 * levels overflow the stack, so depth is refused before anything walks it.
 */
export const MAX_JSON_DEPTH = 32;

/**
 * Whether `json` nests arrays and objects deeper than `limit`: one pass over the raw text, counting
 * `[` and `{` outside strings, without recursion and without parsing.
 */
export function nestsDeeperThan(json: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < json.length; i += 1) {
    const ch = json.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c) i += 1; // backslash: the next character is escaped, whatever it is
      else if (ch === 0x22) inString = false;
    } else if (ch === 0x22) {
      inString = true;
    } else if (ch === 0x5b || ch === 0x7b) {
      depth += 1;
      if (depth > limit) return true;
    } else if (ch === 0x5d || ch === 0x7d) {
      depth -= 1;
    }
  }
  return false;
}

/**
 * Applies the shared text rule (src/shared/text.ts) to every request before its schema runs: path
 * parameters, query values and JSON bodies alike. One check for every route, present and future,
 * instead of a refinement someone has to remember on each string field. JSON bodies nested deeper
 * than MAX_JSON_DEPTH are refused by the JSON parser itself, before anything walks them.
 */
export default fp(
  async function inputTextPlugin(app: FastifyInstance) {
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      const raw = typeof body === 'string' ? body : body.toString('utf8');
      if (nestsDeeperThan(raw, MAX_JSON_DEPTH)) {
        done(
          AppError.withValues(
            400,
            'body_too_deep',
            /*i18n*/ 'The request body is nested too deeply: at most {count} levels of arrays and objects.',
            () => ({ count: MAX_JSON_DEPTH }),
          ),
          undefined,
        );
        return;
      }
      // Fastify's own JSON parser (prototype poisoning refused), synchronous: it answers through `done`.
      void parseJson(request, raw, done);
    });

    app.addHook('preValidation', async (request) => {
      const paths = [
        ...findUnstorableText(request.params, 'params'),
        ...findUnstorableText(request.query, 'querystring'),
        ...findUnstorableText(request.body, 'body'),
      ];
      if (paths.length === 0) return;
      const fields = Object.fromEntries(paths.map((p) => [p.replace(/^(params|querystring|body)\./, ''), TEXT_RULE_MESSAGE]));
      throw new AppError(400, 'validation_failed', /*i18n*/ 'Some of the information sent is not valid.', fields);
    });
  },
  { name: 'input-text' },
);
