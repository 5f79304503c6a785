// Facebook sign-in: checks an access token with Facebook's Graph API (debug_token, then /me).
// The base URL is configurable so that tests run against a local fake of that API.
import type { Config } from '../../config';
import { DomainError } from '../../lib/domain-error';

export type SocialProfile = {
  providerUserId: string;
  email: string | null;
  firstName: string;
  lastName: string;
};

export interface SocialAuthProvider {
  /** Verifies the token was issued to this app for a live user; returns that user's profile. */
  verify(accessToken: string): Promise<SocialProfile>;
}

export const FACEBOOK_LOGIN_FAILED = 'Unable to login with Facebook';

type DebugToken = { data?: { is_valid?: boolean; app_id?: string; user_id?: string; expires_at?: number } };
type Me = { id?: string; email?: string; first_name?: string; last_name?: string };

export function facebookProvider(config: Config, fetchImpl: typeof fetch = fetch): SocialAuthProvider {
  const { appId, appSecret, graphUrl } = config.facebook;
  async function get<T>(path: string, params: Record<string, string>): Promise<T> {
    const url = new URL(`${graphUrl}${path}`);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    const response = await fetchImpl(url, { signal: AbortSignal.timeout(10_000) });
    if (!response.ok) throw new DomainError(FACEBOOK_LOGIN_FAILED, 'accessToken');
    return (await response.json()) as T;
  }
  return {
    async verify(accessToken) {
      if (!appId || !appSecret) throw new DomainError('Facebook login is not available.', 'provider');
      if (!accessToken.trim()) throw new DomainError(FACEBOOK_LOGIN_FAILED, 'accessToken');
      // debug_token with the app token proves the user token was issued to THIS app:
      // a token from another app (token substitution) is refused.
      const debug = await get<DebugToken>('/debug_token', {
        input_token: accessToken,
        access_token: `${appId}|${appSecret}`,
      });
      const data = debug.data;
      if (!data?.is_valid || data.app_id !== appId || !data.user_id) {
        throw new DomainError(FACEBOOK_LOGIN_FAILED, 'accessToken');
      }
      const me = await get<Me>('/me', { fields: 'id,email,first_name,last_name', access_token: accessToken });
      if (me.id !== data.user_id) throw new DomainError(FACEBOOK_LOGIN_FAILED, 'accessToken');
      return {
        providerUserId: me.id,
        email: me.email?.trim() || null,
        firstName: me.first_name?.trim() ?? '',
        lastName: me.last_name?.trim() ?? '',
      };
    },
  };
}
