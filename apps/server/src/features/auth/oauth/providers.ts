import { CodeChallengeMethod, decodeIdToken, OAuth2Client, type OAuth2Tokens } from 'arctic';
import { normalizeEmail, type OAuthError, type OAuthProviderName } from '@sound-studio/shared';
import { GOOGLE_DEFAULT_BASE_URL, type OAuthClientConfig, type OAuthConfig } from './config.ts';

/** Who the provider says signed in. `subject` is the provider's stable id for the account (never the email). */
export interface ProviderProfile {
  provider: OAuthProviderName;
  subject: string;
  email: string | null;
  /** Only a verified email may ever be matched to an existing account. */
  emailVerified: boolean;
  name: string | null;
}

/** A sign-in that cannot go on; `reason` is what /login?oauth_error= tells the user. */
export class OAuthFlowError extends Error {
  override name = 'OAuthFlowError';
  constructor(
    readonly reason: OAuthError,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export interface OAuthProvider {
  readonly name: OAuthProviderName;
  authorizationUrl(state: string, codeVerifier: string): URL;
  /** Exchanges the callback's code (with the PKCE verifier) and reads the profile. */
  profile(code: string, codeVerifier: string, nowMs: number): Promise<ProviderProfile>;
}

const PROVIDER_TIMEOUT_MS = 10_000;

/** Google's documented endpoints; with GOOGLE_OAUTH_BASE_URL (a local provider in tests) all three live on that host. */
function googleEndpoints(baseUrl: string) {
  if (baseUrl === GOOGLE_DEFAULT_BASE_URL) {
    return {
      authorization: 'https://accounts.google.com/o/oauth2/v2/auth',
      token: 'https://oauth2.googleapis.com/token',
      userinfo: 'https://openidconnect.googleapis.com/v1/userinfo',
    };
  }
  return { authorization: `${baseUrl}/o/oauth2/v2/auth`, token: `${baseUrl}/token`, userinfo: `${baseUrl}/v1/userinfo` };
}

const GOOGLE_ISSUERS = new Set(['https://accounts.google.com', 'accounts.google.com']);

/** Google publishes email_verified as a boolean; older examples show the string "true". */
const isTrue = (value: unknown) => value === true || value === 'true';

async function exchangeCode(client: OAuth2Client, tokenEndpoint: string, code: string, codeVerifier: string): Promise<OAuth2Tokens> {
  let tokens: OAuth2Tokens;
  try {
    tokens = await client.validateAuthorizationCode(tokenEndpoint, code, codeVerifier);
  } catch (error) {
    throw new OAuthFlowError('provider', 'The token exchange failed', { cause: error });
  }
  // GitHub answers a refused exchange with 200 and an `error` field.
  if ('error' in tokens.data) throw new OAuthFlowError('provider', `The token exchange was refused: ${String(tokens.data.error)}`);
  return tokens;
}

async function getJson(url: string, accessToken: string, headers: Record<string, string> = {}): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json', 'user-agent': 'Sound Studio', ...headers },
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    });
  } catch (error) {
    throw new OAuthFlowError('provider', `Could not reach ${new URL(url).host}`, { cause: error });
  }
  if (!response.ok) throw new OAuthFlowError('provider', `${new URL(url).pathname} answered ${response.status}`);
  return response.json();
}

function record(value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new OAuthFlowError('provider', 'Unexpected provider reply');
  return value as Record<string, unknown>;
}

const optionalString = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/** Google's OpenID Connect: the ID token (straight from the token endpoint over TLS) says who; userinfo adds the profile. */
export function googleProvider(config: OAuthClientConfig, redirectUri: string): OAuthProvider {
  const client = new OAuth2Client(config.clientId, config.clientSecret, redirectUri);
  const endpoints = googleEndpoints(config.baseUrl);
  return {
    name: 'google',
    authorizationUrl: (state, codeVerifier) =>
      client.createAuthorizationURLWithPKCE(endpoints.authorization, state, CodeChallengeMethod.S256, codeVerifier, ['openid', 'email', 'profile']),
    async profile(code, codeVerifier, nowMs) {
      const tokens = await exchangeCode(client, endpoints.token, code, codeVerifier);
      let claims: Record<string, unknown>;
      try {
        claims = record(decodeIdToken(tokens.idToken()));
      } catch (error) {
        throw new OAuthFlowError('provider', 'The token reply had no usable ID token', { cause: error });
      }
      const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
      const subject = optionalString(claims.sub);
      if (!GOOGLE_ISSUERS.has(String(claims.iss)) || !audiences.includes(config.clientId) || !subject) {
        throw new OAuthFlowError('provider', 'The ID token is not for this app');
      }
      if (typeof claims.exp !== 'number' || claims.exp * 1000 <= nowMs) throw new OAuthFlowError('provider', 'The ID token has expired');
      const userinfo = record(await getJson(endpoints.userinfo, tokens.accessToken()));
      // OpenID Connect Core 5.3.2: userinfo about anyone else must not be used.
      if (userinfo.sub !== subject) throw new OAuthFlowError('provider', 'userinfo is about another account');
      const email = optionalString(userinfo.email) ?? optionalString(claims.email);
      return {
        provider: 'google',
        subject,
        email: email === null ? null : normalizeEmail(email),
        emailVerified: email !== null && isTrue(userinfo.email_verified ?? claims.email_verified),
        name: optionalString(userinfo.name) ?? optionalString(claims.name),
      };
    },
  };
}

const GITHUB_API_HEADERS = { accept: 'application/vnd.github+json', 'x-github-api-version': '2022-11-28' };

/** GitHub's OAuth app flow: the account from GET /user, its primary verified email from GET /user/emails. */
export function githubProvider(config: OAuthClientConfig, redirectUri: string): OAuthProvider {
  const client = new OAuth2Client(config.clientId, config.clientSecret, redirectUri);
  return {
    name: 'github',
    authorizationUrl: (state, codeVerifier) =>
      client.createAuthorizationURLWithPKCE(`${config.baseUrl}/login/oauth/authorize`, state, CodeChallengeMethod.S256, codeVerifier, [
        'read:user',
        'user:email',
      ]),
    async profile(code, codeVerifier) {
      const tokens = await exchangeCode(client, `${config.baseUrl}/login/oauth/access_token`, code, codeVerifier);
      const accessToken = tokens.accessToken();
      const user = record(await getJson(`${config.apiBaseUrl}/user`, accessToken, GITHUB_API_HEADERS));
      const emails = await getJson(`${config.apiBaseUrl}/user/emails`, accessToken, GITHUB_API_HEADERS);
      if (typeof user.id !== 'number' && typeof user.id !== 'string') throw new OAuthFlowError('provider', 'GET /user has no id');
      const listed = Array.isArray(emails) ? emails.map(record) : [];
      const primary = listed.find((entry) => entry.primary === true) ?? null;
      const verifiedPrimary = primary && primary.verified === true ? primary : null;
      const chosen = verifiedPrimary ?? primary;
      const email = optionalString(chosen?.email);
      return {
        provider: 'github',
        subject: String(user.id),
        email: email === null ? null : normalizeEmail(email),
        emailVerified: email !== null && verifiedPrimary !== null,
        name: optionalString(user.name) ?? optionalString(user.login),
      };
    },
  };
}

/** The configured providers, by name; a provider without credentials is absent. */
export function createProviders(config: OAuthConfig): Map<OAuthProviderName, OAuthProvider> {
  const providers = new Map<OAuthProviderName, OAuthProvider>();
  if (!config.publicUrl) return providers;
  const redirectUri = (name: OAuthProviderName) => `${config.publicUrl}/api/auth/oauth/${name}/callback`;
  if (config.google) providers.set('google', googleProvider(config.google, redirectUri('google')));
  if (config.github) providers.set('github', githubProvider(config.github, redirectUri('github')));
  return providers;
}
