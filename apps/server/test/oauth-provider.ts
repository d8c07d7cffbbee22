import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Google's and GitHub's sign-in, written from their public documentation (not from our adapter):
 *
 * Google (developers.google.com/identity/openid-connect/openid-connect, .../reference):
 * - GET  /o/oauth2/v2/auth  client_id, redirect_uri, response_type=code, scope, state, code_challenge(_method); back to
 *   redirect_uri with `code` and `state`, or `error=access_denied` when the user refuses.
 * - POST /token  form: code, client_id, client_secret (or HTTP Basic), redirect_uri, grant_type=authorization_code,
 *   code_verifier; JSON `{ access_token, expires_in, id_token, scope, token_type: "Bearer" }`, errors as
 *   `{ error: "invalid_grant", error_description }` with 400.
 * - the ID token's payload as documented: iss https://accounts.google.com, azp, aud (the client id), sub, email,
 *   email_verified, at_hash, iat, exp (plus name and picture with the profile scope).
 * - GET  /v1/userinfo  (Bearer) `{ sub, name, given_name, family_name, picture, email, email_verified, locale }`.
 *
 * GitHub (docs.github.com "Authorizing OAuth apps", REST "Users" and "Emails"):
 * - GET  /login/oauth/authorize  client_id, redirect_uri, scope, state, code_challenge(_method=S256); back with `code`
 *   and `state`, or `error=access_denied&error_description=…&error_uri=…`.
 * - POST /login/oauth/access_token  client_id, client_secret, code, redirect_uri, code_verifier; with
 *   `Accept: application/json` `{ access_token, scope, token_type: "bearer" }`; a bad code answers 200 with
 *   `{ error: "bad_verification_code", error_description, error_uri }`.
 * - API: GET /user `{ login, id, name, email, avatar_url, … }`, GET /user/emails `[{ email, primary, verified, visibility }]`.
 *
 * The ID token is not signed with a key anyone could check: the app takes it straight from the token endpoint over
 * TLS, which OpenID Connect Core 3.1.3.7 accepts in place of a signature check, so no test depends on one.
 */

export interface GoogleAccount {
  sub: string;
  email: string;
  emailVerified: boolean;
  name: string;
}

export interface GitHubAccount {
  id: number;
  login: string;
  name: string | null;
  emails: { email: string; primary: boolean; verified: boolean }[];
}

interface IssuedCode {
  clientId: string;
  redirectUri: string;
  codeChallenge: string | null;
  account: GoogleAccount | GitHubAccount;
}

export const GOOGLE_CLIENT = { id: '1234987819200-local.apps.googleusercontent.com', secret: 'GOCSPX-local-secret' };
export const GITHUB_CLIENT = { id: 'Iv1.local0000000000', secret: 'local-github-secret-0000000000000000000000' };

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

function s256(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

async function formBody(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/** client_id/client_secret from HTTP Basic (RFC 6749 2.3.1) or from the form, as both providers accept. */
function clientCredentials(request: IncomingMessage, form: URLSearchParams): { id: string | null; secret: string | null } {
  const header = request.headers.authorization ?? '';
  if (header.startsWith('Basic ')) {
    const [id, secret] = Buffer.from(header.slice(6), 'base64').toString('utf8').split(':');
    return { id: id ?? null, secret: secret ?? null };
  }
  return { id: form.get('client_id'), secret: form.get('client_secret') };
}

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
}

function redirect(response: ServerResponse, target: URL): void {
  response.writeHead(302, { location: target.toString() });
  response.end();
}

/** Both providers on one local port: Google under /google, GitHub under /github and its API under /github-api. */
export class FakeOAuthProviders {
  /** Who signs in at the next consent; `deny` makes the user refuse. */
  googleAccount: GoogleAccount | 'deny' = { sub: '10769150350006150715113082367', email: 'jsmith@example.com', emailVerified: true, name: 'Jane Smith' };
  githubAccount: GitHubAccount | 'deny' = {
    id: 1,
    login: 'octocat',
    name: 'monalisa octocat',
    emails: [{ email: 'octocat@github.com', primary: true, verified: true }],
  };
  /** While true, the token endpoints answer 503 (a provider outage). */
  down = false;
  /** The provider's clock (iat/exp of ID tokens): tests on a hand-moved app clock point it there. */
  nowMs: () => number = Date.now;
  /** Token requests received, to check what the app sent (PKCE verifier, redirect URI). */
  readonly tokenRequests: URLSearchParams[] = [];

  readonly #codes = new Map<string, IssuedCode>();
  readonly #tokens = new Map<string, GoogleAccount | GitHubAccount>();

  private constructor(private readonly server: Server) {}

  static async start(port = 0): Promise<FakeOAuthProviders> {
    const server = createServer();
    const providers = new FakeOAuthProviders(server);
    server.on('request', (request, response) => {
      providers.#handle(request, response).catch((error: unknown) => json(response, 500, { error: String(error) }));
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    return providers;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** The variables that point the app at this server. */
  env(publicUrl: string): Record<string, string> {
    return {
      PUBLIC_URL: publicUrl,
      GOOGLE_CLIENT_ID: GOOGLE_CLIENT.id,
      GOOGLE_CLIENT_SECRET: GOOGLE_CLIENT.secret,
      GOOGLE_OAUTH_BASE_URL: `${this.url}/google`,
      GITHUB_CLIENT_ID: GITHUB_CLIENT.id,
      GITHUB_CLIENT_SECRET: GITHUB_CLIENT.secret,
      GITHUB_OAUTH_BASE_URL: `${this.url}/github`,
      GITHUB_API_BASE_URL: `${this.url}/github-api`,
    };
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  async #handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', this.url);
    const route = `${request.method} ${url.pathname}`;
    if (route === 'GET /google/o/oauth2/v2/auth') return this.#authorize(url, response, this.googleAccount, GOOGLE_CLIENT.id);
    if (route === 'GET /github/login/oauth/authorize') return this.#authorize(url, response, this.githubAccount, GITHUB_CLIENT.id);
    if (route === 'POST /google/token') return this.#googleToken(request, response);
    if (route === 'POST /github/login/oauth/access_token') return this.#githubToken(request, response);
    if (route === 'GET /google/v1/userinfo') return this.#googleUserinfo(request, response);
    if (route === 'GET /github-api/user') return this.#githubUser(request, response);
    if (route === 'GET /github-api/user/emails') return this.#githubEmails(request, response);
    json(response, 404, { message: 'Not Found' });
  }

  /** The consent step: approves at once for the configured account, or refuses like a user pressing Cancel. */
  #authorize(url: URL, response: ServerResponse, account: GoogleAccount | GitHubAccount | 'deny', clientId: string): void {
    const redirectUri = url.searchParams.get('redirect_uri');
    const state = url.searchParams.get('state');
    if (!redirectUri || url.searchParams.get('client_id') !== clientId) return json(response, 400, { error: 'invalid_request' });
    const back = new URL(redirectUri);
    if (state !== null) back.searchParams.set('state', state);
    if (account === 'deny') {
      back.searchParams.set('error', 'access_denied');
      return redirect(response, back);
    }
    const method = url.searchParams.get('code_challenge_method');
    const challenge = url.searchParams.get('code_challenge');
    if (challenge !== null && method !== 'S256') return json(response, 400, { error: 'invalid_request' });
    const code = `4/${randomBytes(18).toString('base64url')}`;
    this.#codes.set(code, { clientId, redirectUri, codeChallenge: challenge, account });
    back.searchParams.set('code', code);
    redirect(response, back);
  }

  /** Takes the code once, checking the client, the redirect URI and the PKCE verifier against the challenge. */
  async #redeem(request: IncomingMessage, expectedClient: { id: string; secret: string }): Promise<IssuedCode | null> {
    const form = await formBody(request);
    this.tokenRequests.push(form);
    const client = clientCredentials(request, form);
    const code = form.get('code') ?? '';
    const issued = this.#codes.get(code);
    this.#codes.delete(code);
    if (!issued || client.id !== expectedClient.id || client.secret !== expectedClient.secret) return null;
    if (form.get('redirect_uri') !== issued.redirectUri) return null;
    const verifier = form.get('code_verifier');
    if (issued.codeChallenge !== null && (!verifier || s256(verifier) !== issued.codeChallenge)) return null;
    return issued;
  }

  async #googleToken(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (this.down) return json(response, 503, { error: 'temporarily_unavailable' });
    const issued = await this.#redeem(request, GOOGLE_CLIENT);
    if (!issued || !('sub' in issued.account)) return json(response, 400, { error: 'invalid_grant', error_description: 'Bad Request' });
    const account = issued.account;
    const accessToken = `ya29.${randomBytes(24).toString('base64url')}`;
    this.#tokens.set(accessToken, account);
    const now = Math.floor(this.nowMs() / 1000);
    const header = { alg: 'RS256', kid: '08d3245c62f86b6362afcbbffe1d069826dd1dc1', typ: 'JWT' };
    const payload = {
      iss: 'https://accounts.google.com',
      azp: GOOGLE_CLIENT.id,
      aud: GOOGLE_CLIENT.id,
      sub: account.sub,
      email: account.email,
      email_verified: account.emailVerified,
      at_hash: createHash('sha256').update(accessToken).digest().subarray(0, 16).toString('base64url'),
      name: account.name,
      picture: 'https://lh3.googleusercontent.com/a/default-user',
      iat: now,
      exp: now + 3600,
    };
    const idToken = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(payload))}.${randomBytes(64).toString('base64url')}`;
    json(response, 200, {
      access_token: accessToken,
      expires_in: 3599,
      id_token: idToken,
      scope: 'openid https://www.googleapis.com/auth/userinfo.email https://www.googleapis.com/auth/userinfo.profile',
      token_type: 'Bearer',
    });
  }

  async #githubToken(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (this.down) return json(response, 503, { message: 'Service Unavailable' });
    const issued = await this.#redeem(request, GITHUB_CLIENT);
    if (!issued || !('login' in issued.account)) {
      return json(response, 200, {
        error: 'bad_verification_code',
        error_description: 'The code passed is incorrect or expired.',
        error_uri: 'https://docs.github.com/apps/managing-oauth-apps/troubleshooting-oauth-app-access-token-request-errors/#bad-verification-code',
      });
    }
    const accessToken = `gho_${randomBytes(18).toString('hex')}`;
    this.#tokens.set(accessToken, issued.account);
    json(response, 200, { access_token: accessToken, scope: 'read:user,user:email', token_type: 'bearer' });
  }

  #bearer(request: IncomingMessage): GoogleAccount | GitHubAccount | undefined {
    const header = request.headers.authorization ?? '';
    return header.startsWith('Bearer ') ? this.#tokens.get(header.slice(7)) : undefined;
  }

  #googleUserinfo(request: IncomingMessage, response: ServerResponse): void {
    const account = this.#bearer(request);
    if (!account || !('sub' in account)) return json(response, 401, { error: 'invalid_request', error_description: 'Invalid Credentials' });
    const [given = account.name, ...family] = account.name.split(' ');
    json(response, 200, {
      sub: account.sub,
      name: account.name,
      given_name: given,
      family_name: family.join(' '),
      picture: 'https://lh3.googleusercontent.com/a/default-user',
      email: account.email,
      email_verified: account.emailVerified,
      locale: 'en',
    });
  }

  #githubUser(request: IncomingMessage, response: ServerResponse): void {
    const account = this.#bearer(request);
    if (!account || !('login' in account)) return json(response, 401, { message: 'Requires authentication' });
    const publicEmail = account.emails.find((entry) => entry.primary)?.email ?? null;
    json(response, 200, {
      login: account.login,
      id: account.id,
      node_id: 'MDQ6VXNlcjE=',
      avatar_url: 'https://github.com/images/error/octocat_happy.gif',
      type: 'User',
      site_admin: false,
      name: account.name,
      email: publicEmail,
    });
  }

  #githubEmails(request: IncomingMessage, response: ServerResponse): void {
    const account = this.#bearer(request);
    if (!account || !('login' in account)) return json(response, 401, { message: 'Requires authentication' });
    json(
      response,
      200,
      account.emails.map((entry) => ({ ...entry, visibility: entry.primary ? 'public' : null })),
    );
  }
}
