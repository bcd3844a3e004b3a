import { AppError, type Logger } from '@betterplus/kit';

/** The two Google endpoints sign-in asks; a port, so tests and other setups name other URLs. */
export interface GoogleAccounts {
  /** Google's view of the access token, or undefined when Google refuses it (forged, expired). */
  tokenInfo(accessToken: string): Promise<unknown>;
  /** The profile the token grants, or undefined when Google refuses the token. */
  userInfo(accessToken: string): Promise<unknown>;
}

export interface GoogleClientOptions {
  tokenInfoUrl: string;
  userInfoUrl: string;
  timeoutMs: number;
  logger: Logger;
}

export function createGoogleClient(options: GoogleClientOptions): GoogleAccounts {
  /**
   * A 4xx from Google means the token is no good (undefined). No answer in time, a 5xx or an
   * answer that is not JSON means Google is unreachable: a different message for the user (502).
   * Logged by endpoint name only, since the token-info URL carries the token.
   */
  const fetchJson = async (endpoint: string, url: URL, headers: Record<string, string> = {}): Promise<unknown> => {
    try {
      const response = await fetch(url, { headers, signal: AbortSignal.timeout(options.timeoutMs) });
      if (!response.ok) {
        await response.body?.cancel();
        if (response.status < 500) return undefined;
        throw new Error(`Google answered ${response.status}`);
      }
      return await response.json();
    } catch (error) {
      options.logger.warn({ err: error, endpoint }, 'google unreachable');
      throw new AppError(502, 'GOOGLE_UNAVAILABLE', 'Failed to authenticate with Google: Google could not be reached. Please try again.');
    }
  };

  return {
    async tokenInfo(accessToken) {
      const url = new URL(options.tokenInfoUrl);
      url.searchParams.set('access_token', accessToken);
      return fetchJson('tokeninfo', url);
    },
    async userInfo(accessToken) {
      return fetchJson('userinfo', new URL(options.userInfoUrl), { authorization: `Bearer ${accessToken}` });
    },
  };
}
