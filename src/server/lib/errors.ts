import { i18nFor, type I18n } from '../i18n/index.js';

/** An error the client should see: its status, a stable code and a human message. */
export class AppError extends Error {
  /**
   * A message with values in it (written `{name}`), for the requester's language: the error handler
   * writes it again with their messages and values. `message` is its English.
   */
  public template?: { message: string; values: (i18n: I18n) => Record<string, string> };

  constructor(
    public readonly statusCode: number,
    public readonly code: string,
    message: string,
    public readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }

  /**
   * An error whose message names things (a complaint's number, a status): mark the message
   * `/*i18n*\/` so the catalogues have it, and give the values for a reader, as they read them.
   */
  static withValues(
    statusCode: number,
    code: string,
    message: string,
    values: (i18n: I18n) => Record<string, string | number>,
    fields?: Record<string, string>,
  ): AppError {
    const strings = (i18n: I18n) => Object.fromEntries(Object.entries(values(i18n)).map(([key, value]) => [key, String(value)]));
    const english = i18nFor(null);
    const error = new AppError(statusCode, code, english._(message, strings(english)), fields);
    error.template = { message, values: strings };
    return error;
  }
}

export const unauthenticated = () => new AppError(401, 'unauthenticated', /*i18n*/ 'Please Sign In first');
export const forbidden = (message = /*i18n*/ 'You are not allowed to do that.') => new AppError(403, 'forbidden', message);
