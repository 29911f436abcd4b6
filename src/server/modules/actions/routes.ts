import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.js';
import type { ComplaintRow } from '../../db/schema.js';
import { actionPage, actionPageCss } from './page.js';
import { ACTION_LABEL, ACTION_TARGET, inspectLink, useLink, type LinkAction } from './service.js';

const REFUSALS = {
  unknown: ['Link not valid', 'This link is not valid. Open the complaint in the staff console instead.'],
  spent: ['Link already used', 'This link has already been used, so it does nothing now. Open the complaint in the staff console to do more.'],
  expired: ['Link expired', 'This link has expired. Open the complaint in the staff console instead.'],
} as const;

const describe = (c: ComplaintRow) =>
  `${c.number}: ${c.complaintHead}${c.subCategory ? ` (${c.subCategory})` : ''} — ${c.hostel}, ${c.commonAreaId ? (c.placeText ?? '') : `floor ${c.floor}, room ${c.roomNo}`}. Now: ${c.status.replace('_', ' ')}.`;

/** The page for a link whose action the complaint's current status no longer allows; it has no button. */
const nothingToDo = (action: LinkAction, c: ComplaintRow) =>
  actionPage({
    title: 'Nothing to do',
    paragraphs: [
      describe(c),
      `${ACTION_LABEL[action]} is no longer possible: the complaint is already ${c.status.replace('_', ' ')}, so it cannot be set to ${ACTION_TARGET[action].replace('_', ' ')}. Nothing was changed and the student was not told anything.`,
      'Open the complaint in the staff console to do more.',
    ],
  });

/**
 * The pages send Referrer-Policy same-origin: the token in the address never leaks to another site,
 * and the browser still sends the real Origin with the confirming POST (no-referrer would make it
 * "null").
 *
 * One-click links from facility mail. GET only shows what the link will do (mail scanners and link
 * previews fetch links; they must not act); the button POSTs, and the link is then spent.
 */
export default async function actionRoutes(app: FastifyInstance, opts: { config: Config }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const params = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/) });

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, _body, done) => done(null, {}));

  app.get('/act/assets/page.css', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/css').header('cache-control', 'public, max-age=3600').send(actionPageCss),
  );

  r.get('/act/:token', { schema: { hide: true, params }, config: { rateLimit: app.rateLimitPolicies.links } }, async (request, reply) => {
    reply.type('text/html').header('cache-control', 'no-store').header('referrer-policy', 'same-origin');
    const state = await inspectLink(app.db, request.params.token);
    if (!state.ok && state.reason === 'not_allowed') return reply.status(409).send(nothingToDo(state.action, state.complaint));
    if (!state.ok) {
      const [title, text] = REFUSALS[state.reason];
      return reply.status(state.reason === 'unknown' ? 404 : 410).send(actionPage({ title, paragraphs: [text, ...(state.complaint ? [describe(state.complaint)] : [])] }));
    }
    const label = ACTION_LABEL[state.action];
    return actionPage({
      title: `${label} ${state.complaint.number}?`,
      paragraphs: [describe(state.complaint), `This will set it to ${ACTION_TARGET[state.action].replace('_', ' ')} and tell the student. The link works once.`],
      form: { action: `/act/${request.params.token}`, button: label },
    });
  });

  r.post('/act/:token', { schema: { hide: true, params }, config: { rateLimit: app.rateLimitPolicies.links } }, async (request, reply) => {
    reply.type('text/html').header('cache-control', 'no-store').header('referrer-policy', 'same-origin');
    const origin = request.headers.origin;
    if (origin && origin !== opts.config.publicOrigin) {
      return reply.status(403).send(actionPage({ title: 'Refused', paragraphs: ['This request came from another site.'] }));
    }
    const result = await useLink(app.lifecycle, request.params.token);
    if (!result.ok && result.reason === 'not_allowed') return reply.status(409).send(nothingToDo(result.action, result.complaint));
    if (!result.ok) {
      const [title, text] = REFUSALS[result.reason];
      return reply.status(result.reason === 'unknown' ? 404 : 410).send(actionPage({ title, paragraphs: [text] }));
    }
    request.log.info({ complaint: result.complaint.number, action: result.action }, 'one-click link used');
    return actionPage({
      title: 'Done',
      paragraphs: [`${result.complaint.number} is now ${result.complaint.status.replace('_', ' ')}. The student has been told.`],
    });
  });
}
