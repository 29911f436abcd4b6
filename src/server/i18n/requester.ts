import type { FastifyRequest } from 'fastify';
import { SOURCE_LOCALE, type Locale } from '../../shared/constants.js';
import { acceptedLanguages, isLocale, matchLocale } from '../../shared/locale.js';
import { valuedMessageOf } from '../../shared/valued-message.js';
import { i18nFor, type I18n } from './index.js';
import type { AppError } from '../lib/errors.js';

/**
 * The language of the person asking (issue 28): the signed-in user's choice, else what their
 * browser asks for (Accept-Language), else English.
 */
export function requesterLocale(request: Pick<FastifyRequest, 'headers'> & { user?: { locale: string | null } | null }): Locale {
  const chosen = request.user?.locale;
  if (isLocale(chosen)) return chosen;
  return matchLocale(acceptedLanguages(request.headers['accept-language'])) ?? SOURCE_LOCALE;
}

export function requesterI18n(request: Parameters<typeof requesterLocale>[0]): I18n {
  return i18nFor(requesterLocale(request));
}

/**
 * A message written elsewhere in English (an error's, a schema's) in the reader's language when
 * the catalogue has it; otherwise as it is. English is never run through the message compiler, so
 * a text that is not a message (with a brace or an apostrophe) comes out untouched. A text written
 * from a template with values (`valued`) is written again from its template, with the same values.
 */
export function translated(i18n: I18n, message: string): string {
  if (i18n.locale === SOURCE_LOCALE) return message;
  if (message in i18n.messages) return i18n._(message);
  const template = valuedMessageOf(message);
  if (!template || !(template.message in i18n.messages)) return message;
  const values = Object.fromEntries(
    Object.entries(template.values).map(([key, value]) => [key, template.translate.includes(key) ? translated(i18n, value) : value]),
  );
  return i18n._(template.message, values);
}

/** An AppError's message for a reader, as the error handler answers it: also what a chat reply says. */
export function errorText(i18n: I18n, error: AppError): string {
  const { template } = error;
  if (template && template.message in i18n.messages && i18n.locale !== SOURCE_LOCALE) return i18n._(template.message, template.values(i18n));
  return translated(i18n, error.message);
}
