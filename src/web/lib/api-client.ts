import { CSRF_HEADER, seedTexts } from '../../shared/constants';
import type { ErrorBody } from '../../shared/errors';
import { i18n } from './i18n';

/**
 * Anything with zod's `safeParse`. The type is structural on purpose: the frame of the app (this
 * file, the signed-in user, the configuration) must not pull zod into the first download; pages
 * that load later pass real zod schemas.
 */
export interface ResponseSchema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false };
}

/** A tiny schema from a type guard, for responses the frame reads. */
export function guardSchema<T>(guard: (data: unknown) => data is T): ResponseSchema<T> {
  return { safeParse: (data) => (guard(data) ? { success: true, data } : { success: false }) };
}

function isErrorBody(data: unknown): data is ErrorBody {
  const error = (data as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  return typeof error?.code === 'string' && typeof error.message === 'string';
}

/** The server answered with a non-2xx status (or with a body the app cannot use). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string> | undefined;

  constructor(status: number, code: string, message: string, fields?: Record<string, string>) {
    super(message);
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

/** The English message id; the error says it in the reader's language. */
export const NETWORK_ERROR_MESSAGE = /*i18n*/ 'Could not reach the server. Check your connection and try again.';

/** The request never got an answer (offline, DNS, server down, connection reset). */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';

  constructor(options?: { cause?: unknown }) {
    super(i18n._(NETWORK_ERROR_MESSAGE), options);
  }
}

let csrfToken: string | null = null;

/** Set from the /api/me response; sent as `X-CSRF-Token` on every state-changing request. */
export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

export function getCsrfToken(): string | null {
  return csrfToken;
}

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: HttpMethod;
  /** Serialised as JSON. */
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

const SAFE_METHODS: ReadonlySet<HttpMethod> = new Set(['GET', 'HEAD']);

function fallbackMessage(status: number): string {
  if (status === 401) return i18n._(seedTexts.signInFirst);
  if (status === 403) return i18n._('You are not allowed to do that.');
  if (status === 404) return i18n._('Not found.');
  if (status === 429) return i18n._('Too many requests. Please wait a moment and try again.');
  if (status >= 500) return i18n._('The server had a problem. Please try again later.');
  return i18n._('The request could not be completed.');
}

async function readJson(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  const text = await response.text();
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Fetches a JSON API route. Non-2xx answers throw {@link ApiError} (using the shared error shape),
 * failed connections throw {@link NetworkError}. With a `schema` the body is validated and returned;
 * without one the body is ignored.
 */
export async function apiFetch<T>(path: string, options: RequestOptions & { schema: ResponseSchema<T> }): Promise<T>;
export async function apiFetch(path: string, options?: RequestOptions): Promise<void>;
export async function apiFetch(
  path: string,
  options: RequestOptions & { schema?: ResponseSchema<unknown> } = {},
): Promise<unknown> {
  const method = options.method ?? 'GET';
  const headers = new Headers(options.headers);
  headers.set('Accept', 'application/json');
  if (options.body !== undefined) headers.set('Content-Type', 'application/json');
  if (!SAFE_METHODS.has(method) && csrfToken !== null) headers.set(CSRF_HEADER, csrfToken);

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      body: options.body === undefined ? null : JSON.stringify(options.body),
      signal: options.signal ?? null,
    });
  } catch (error) {
    // Cancellation (e.g. by React Query) is not a network failure.
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new NetworkError({ cause: error });
  }

  const data = await readJson(response);

  if (!response.ok) {
    if (isErrorBody(data)) {
      const { code, message, fields } = data.error;
      throw new ApiError(response.status, code, message, fields);
    }
    throw new ApiError(response.status, 'http_error', fallbackMessage(response.status));
  }

  if (!options.schema) return undefined;
  const result = options.schema.safeParse(data);
  if (!result.success) {
    throw new ApiError(
      response.status,
      'invalid_response',
      i18n._('The server sent an unexpected response. Please reload the page.'),
    );
  }
  return result.data;
}

/** A user-facing message for any error thrown by {@link apiFetch} (or anything else). */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError || error instanceof NetworkError) return error.message;
  return i18n._('Something went wrong. Please try again.');
}
