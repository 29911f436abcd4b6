import { randomUUID } from 'node:crypto';
import type { MeResponse } from '../../src/shared/auth.js';
import { CookieClient, signIn, type SignInAs } from './http-client.js';
import { createDirectSession } from './sessions.js';
import type { TestApp } from './test-app.js';

/** A signed-in browser-less client with helpers for the JSON API. */
export class ApiClient {
  readonly http = new CookieClient();
  csrfToken = '';
  /** Who the portal says this is (GET /api/me at sign-in): their id and role, for tests that refer to them. */
  user: Pick<MeResponse['user'], 'id' | 'email' | 'role'> = { id: '', email: '', role: 'student' };

  constructor(readonly baseUrl: string) {}

  static async signedIn(baseUrl: string, who: SignInAs): Promise<ApiClient> {
    const client = new ApiClient(baseUrl);
    const result = await signIn(client.http, baseUrl, who);
    if (result.location.includes('signInError')) throw new Error(`sign-in refused: ${result.location}`);
    const me = await client.http.request(`${baseUrl}/api/me`);
    client.remember((await me.json()) as MeResponse);
    return client;
  }

  /**
   * Signed in by a session made directly in the database (createDirectSession): for the many
   * people a test needs who are not themselves about signing in. Costs no trip through the provider.
   */
  static async withSession(portal: TestApp, who: SignInAs): Promise<ApiClient> {
    const client = new ApiClient(portal.baseUrl);
    const { cookie } = await createDirectSession(portal, who);
    client.http.setCookie(portal.baseUrl, cookie.name, cookie.value);
    const me = await client.http.request(`${portal.baseUrl}/api/me`);
    if (me.status !== 200) throw new Error(`the direct session was not accepted: ${me.status}`);
    client.remember((await me.json()) as MeResponse);
    return client;
  }

  private remember(me: MeResponse): void {
    this.csrfToken = me.csrfToken;
    this.user = { id: me.user.id, email: me.user.email, role: me.user.role };
  }

  async get(path: string) {
    const response = await this.http.request(`${this.baseUrl}${path}`);
    return { status: response.status, body: (await response.json()) as Record<string, unknown> & { error?: { code: string; message: string; fields?: Record<string, string> } } };
  }

  async send(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const response = await this.http.request(`${this.baseUrl}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        'x-csrf-token': this.csrfToken,
        origin: this.baseUrl,
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return {
      status: response.status,
      body: (text ? JSON.parse(text) : {}) as Record<string, unknown> & { error?: { code: string; message: string; fields?: Record<string, string> } },
    };
  }

  post(path: string, body: unknown, idempotencyKey: string = randomUUID()) {
    return this.send('POST', path, body, { 'idempotency-key': idempotencyKey });
  }
}

