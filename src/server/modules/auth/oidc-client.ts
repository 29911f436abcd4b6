import * as client from 'openid-client';

export interface OidcClientSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Plain-http issuers are only acceptable for the built-in and test providers. */
  allowHttp: boolean;
}

/**
 * Discovery is lazy and cached: the portal starts even while the provider is unreachable (the
 * built-in provider is not listening yet when the app is built), and a failed discovery is retried
 * at the next sign-in instead of being remembered.
 */
export function createOidcClient(settings: OidcClientSettings) {
  let pending: Promise<client.Configuration> | undefined;

  function configuration(): Promise<client.Configuration> {
    pending ??= client
      .discovery(
        new URL(settings.issuer),
        settings.clientId,
        undefined,
        client.ClientSecretBasic(settings.clientSecret),
        settings.allowHttp ? { execute: [client.allowInsecureRequests] } : undefined,
      )
      .catch((error: unknown) => {
        pending = undefined;
        throw error;
      });
    return pending;
  }

  return {
    issuer: settings.issuer,
    configuration,
    async authorizationUrl(params: { redirectUri: string; state: string; nonce: string; codeVerifier: string }) {
      const config = await configuration();
      const isGoogle = new URL(settings.issuer).hostname === 'accounts.google.com';
      return client.buildAuthorizationUrl(config, {
        redirect_uri: params.redirectUri,
        scope: 'openid email profile',
        state: params.state,
        nonce: params.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(params.codeVerifier),
        code_challenge_method: 'S256',
        // Let a student on a shared phone choose the account instead of being signed in silently.
        prompt: isGoogle ? 'select_account' : 'login',
      });
    },
    /** Exchanges the code and returns the ID token's claims, completed from userinfo if needed. */
    async completeSignIn(currentUrl: URL, checks: { state: string; nonce: string; codeVerifier: string }) {
      const config = await configuration();
      const tokens = await client.authorizationCodeGrant(config, currentUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('the provider returned no ID token');
      if (typeof claims.email === 'string') return { ...claims };
      const userinfo = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
      return { ...claims, ...userinfo, sub: claims.sub };
    },
  };
}

export type OidcClient = ReturnType<typeof createOidcClient>;
