import { z } from 'zod';
import type { OAuthProviderName } from '@sound-studio/shared';

/** One social sign-in provider's app credentials and where it lives (overridable so tests can run a local provider). */
export interface OAuthClientConfig {
  clientId: string;
  clientSecret: string;
  /** Google: accounts.google.com's endpoints on one host; GitHub: github.com (authorize, access_token). */
  baseUrl: string;
  /** GitHub's REST API (api.github.com); unused for Google. */
  apiBaseUrl: string;
}

export interface OAuthConfig {
  google: OAuthClientConfig | null;
  github: OAuthClientConfig | null;
  /** The address users open the app at: redirect URIs are `${publicUrl}/api/auth/oauth/<provider>/callback`. */
  publicUrl: string | null;
}

export const GOOGLE_DEFAULT_BASE_URL = 'https://accounts.google.com';
export const GITHUB_DEFAULT_BASE_URL = 'https://github.com';
export const GITHUB_DEFAULT_API_BASE_URL = 'https://api.github.com';

const httpUrl = z.string().refine((value) => /^https?:\/\/[^/]/.test(value) && URL.canParse(value), {
  message: 'must be a URL starting with http:// or https://',
});

const schema = z
  .object({
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
    GOOGLE_OAUTH_BASE_URL: httpUrl.optional(),
    GITHUB_CLIENT_ID: z.string().min(1).optional(),
    GITHUB_CLIENT_SECRET: z.string().min(1).optional(),
    GITHUB_OAUTH_BASE_URL: httpUrl.optional(),
    GITHUB_API_BASE_URL: httpUrl.optional(),
    PUBLIC_URL: httpUrl.optional(),
  })
  .refine((values) => Boolean(values.GOOGLE_CLIENT_ID) === Boolean(values.GOOGLE_CLIENT_SECRET), {
    path: ['GOOGLE_CLIENT_SECRET'],
    message: 'and GOOGLE_CLIENT_ID are set together',
  })
  .refine((values) => Boolean(values.GITHUB_CLIENT_ID) === Boolean(values.GITHUB_CLIENT_SECRET), {
    path: ['GITHUB_CLIENT_SECRET'],
    message: 'and GITHUB_CLIENT_ID are set together',
  })
  // The redirect URI must not come from the request's Host header, which a client can forge.
  .refine((values) => !(values.GOOGLE_CLIENT_ID || values.GITHUB_CLIENT_ID) || Boolean(values.PUBLIC_URL), {
    path: ['PUBLIC_URL'],
    message: 'is required when GOOGLE_CLIENT_ID or GITHUB_CLIENT_ID is set (redirect URIs start with it)',
  });

const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, '');

/** Reads the GOOGLE_* and GITHUB_* sign-in variables; a provider without both id and secret stays off. */
export function oauthConfigFrom(env: Record<string, string | undefined>): { config: OAuthConfig } | { problems: string[] } {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    return {
      problems: parsed.error.issues.map((issue) => {
        const variable = String(issue.path[0]);
        const shown = variable.endsWith('_SECRET') ? '' : ` (got "${env[variable] ?? ''}")`;
        return `  ${variable} ${issue.message}${shown}`;
      }),
    };
  }
  const values = parsed.data;
  const client = (id: string | undefined, secret: string | undefined, baseUrl: string, apiBaseUrl: string) =>
    id && secret ? { clientId: id, clientSecret: secret, baseUrl: withoutTrailingSlash(baseUrl), apiBaseUrl: withoutTrailingSlash(apiBaseUrl) } : null;
  return {
    config: {
      google: client(values.GOOGLE_CLIENT_ID, values.GOOGLE_CLIENT_SECRET, values.GOOGLE_OAUTH_BASE_URL ?? GOOGLE_DEFAULT_BASE_URL, ''),
      github: client(
        values.GITHUB_CLIENT_ID,
        values.GITHUB_CLIENT_SECRET,
        values.GITHUB_OAUTH_BASE_URL ?? GITHUB_DEFAULT_BASE_URL,
        values.GITHUB_API_BASE_URL ?? GITHUB_DEFAULT_API_BASE_URL,
      ),
      publicUrl: values.PUBLIC_URL ? withoutTrailingSlash(values.PUBLIC_URL) : null,
    },
  };
}

export function enabledProviders(config: OAuthConfig): OAuthProviderName[] {
  return (['google', 'github'] as const).filter((name) => config[name] !== null);
}
