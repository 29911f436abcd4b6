/**
 * A small cookie-keeping HTTP client: enough of a browser to walk the OpenID Connect redirects
 * between the portal and a provider, one hop at a time, so tests can tamper with any hop.
 */
export class CookieClient {
  private readonly jar = new Map<string, Map<string, string>>();

  cookiesFor(url: string): Map<string, string> {
    const host = new URL(url).host;
    let cookies = this.jar.get(host);
    if (!cookies) {
      cookies = new Map();
      this.jar.set(host, cookies);
    }
    return cookies;
  }

  cookie(url: string, name: string): string | undefined {
    return this.cookiesFor(url).get(name);
  }

  setCookie(url: string, name: string, value: string): void {
    this.cookiesFor(url).set(name, value);
  }

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    const cookies = [...this.cookiesFor(url)].map(([k, v]) => `${k}=${v}`).join('; ');
    if (cookies) headers.set('cookie', cookies);
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => {
        const [key = '', val = ''] = a.trim().split('=');
        if (key.toLowerCase() === 'max-age') return Number(val) <= 0;
        if (key.toLowerCase() === 'expires') return new Date(val).getTime() < Date.now();
        return false;
      });
      if (expired || value === '') this.cookiesFor(url).delete(name);
      else this.cookiesFor(url).set(name, value);
    }
    return response;
  }

  /** Follows redirects, returning every response on the way (the last one is not a redirect). */
  async follow(url: string, init: RequestInit = {}, maxHops = 10): Promise<{ hops: string[]; response: Response }> {
    const hops: string[] = [url];
    let response = await this.request(url, init);
    let current = url;
    while (response.status >= 300 && response.status < 400 && hops.length <= maxHops) {
      const location = response.headers.get('location');
      if (!location) break;
      current = new URL(location, current).href;
      hops.push(current);
      response = await this.request(current);
    }
    return { hops, response };
  }
}

export interface SignInAs {
  email: string;
  name?: string;
  emailVerified?: boolean;
  hd?: string;
  /** The language the browser would give at sign-in (stored for a first sign-in only). */
  locale?: 'en' | 'hi';
}

/**
 * Walks the whole sign-in: portal /api/auth/login → provider → its sign-in form → back to the
 * portal's callback. Stops before following the callback so a test can inspect or replay it.
 */
export async function reachCallback(client: CookieClient, portalUrl: string, who: SignInAs, returnTo?: string) {
  const start = `${portalUrl}/api/auth/login${returnTo ? `?returnTo=${encodeURIComponent(returnTo)}` : ''}`;
  const toProvider = await client.request(start);
  if (toProvider.status !== 302) throw new Error(`login answered ${toProvider.status}`);
  const authorizeUrl = toProvider.headers.get('location') ?? '';
  const { hops, response: page } = await client.follow(authorizeUrl);
  const interactionUrl = hops.at(-1) ?? '';
  if (page.status !== 200) throw new Error(`provider page answered ${page.status}: ${await page.text()}`);
  const html = await page.text();
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error('no sign-in form on the provider page');
  const form = new URLSearchParams({ email: who.email, name: who.name ?? '' });
  if (who.emailVerified ?? true) form.set('emailVerified', 'true');
  if (who.hd) form.set('hd', who.hd);
  const submitted = await client.request(new URL(action, interactionUrl).href, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
  });
  let location = new URL(submitted.headers.get('location') ?? '', interactionUrl).href;
  // The provider resumes the authorization and redirects to the portal's callback.
  while (!location.startsWith(`${portalUrl}/api/auth/callback`)) {
    const hop = await client.request(location);
    const next = hop.headers.get('location');
    if (!next) throw new Error(`provider stopped at ${location} with ${hop.status}: ${await hop.text()}`);
    location = new URL(next, location).href;
  }
  return { authorizeUrl: new URL(authorizeUrl), callbackUrl: location };
}

/** Completes sign-in and returns where the portal sent the browser. */
export async function signIn(client: CookieClient, portalUrl: string, who: SignInAs, returnTo?: string) {
  const { callbackUrl } = await reachCallback(client, portalUrl, who, returnTo);
  const response = await client.request(callbackUrl);
  return { status: response.status, location: response.headers.get('location') ?? '' };
}
