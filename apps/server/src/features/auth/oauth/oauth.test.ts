import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AuthProvidersReply, AuthSession, CreditSummary, OAuthLinkInfo, SocialSession } from '@sound-studio/shared';
import type { DatabaseHandle } from '../../../db/client.ts';
import { oauthIdentities, users } from '../../../db/schema.ts';
import { dataOf, errorOf, openTestDatabase, STRONG_PASSWORD, TestApp, uniqueEmail, type TestReply } from '../../../../test/harness.ts';
import { FakeOAuthProviders } from '../../../../test/oauth-provider.ts';

const PUBLIC_URL = 'http://studio.example.test';

let database: DatabaseHandle;
let providers: FakeOAuthProviders;
let t: TestApp;

beforeAll(async () => {
  database = await openTestDatabase();
  providers = await FakeOAuthProviders.start();
  t = await TestApp.start({ database, env: providers.env(PUBLIC_URL) });
  providers.nowMs = () => t.clock.now();
});

beforeEach(() => {
  providers.down = false;
});

afterAll(async () => {
  await t?.close();
  await providers?.close();
  await database?.close();
});

/** The cookies a browser would hold for the app, from Set-Cookie headers (expired ones removed). */
class CookieJar {
  readonly #values = new Map<string, string>();

  take(reply: TestReply): void {
    const header = reply.headers['set-cookie'];
    for (const line of Array.isArray(header) ? header : header ? [String(header)] : []) {
      const [pair = ''] = line.split(';');
      const [name = '', ...value] = pair.split('=');
      const joined = value.join('=');
      if (joined === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) this.#values.delete(name);
      else this.#values.set(name, joined);
    }
  }

  set(name: string, value: string): void {
    this.#values.set(name, value);
  }

  get header(): Record<string, string> {
    return this.#values.size === 0 ? {} : { cookie: [...this.#values].map(([name, value]) => `${name}=${value}`).join('; ') };
  }
}

interface Return {
  jar: CookieJar;
  /** Where the callback sent the browser, e.g. /login/social or /login?oauth_error=state. */
  landing: string;
}

function location(reply: TestReply): string {
  expect(reply.statusCode).toBe(302);
  return String(reply.headers.location);
}

/** The browser's round trip: our start address, the provider's consent, back to our callback. */
async function signInWith(provider: 'google' | 'github', lang: 'en' | 'tr' = 'en'): Promise<Return> {
  const jar = new CookieJar();
  const start = await t.request({ url: `/api/auth/oauth/${provider}/start?lang=${lang}` });
  jar.take(start);
  const consent = await fetch(location(start), { redirect: 'manual' });
  const callback = new URL(consent.headers.get('location') ?? '');
  expect(callback.origin).toBe(PUBLIC_URL);
  const back = await t.request({ url: `${callback.pathname}${callback.search}`, headers: jar.header });
  jar.take(back);
  return { jar, landing: location(back) };
}

async function openSocialSession(jar: CookieJar): Promise<SocialSession> {
  const reply = await t.request({ method: 'POST', url: '/api/auth/oauth/session', headers: jar.header });
  jar.take(reply);
  return dataOf<SocialSession>(reply);
}

async function balanceOf(session: AuthSession): Promise<CreditSummary> {
  return dataOf<CreditSummary>(await t.request({ url: '/api/credits/summary', token: session.accessToken }));
}

async function identitiesOf(userId: string) {
  return database.db.select().from(oauthIdentities).where(eq(oauthIdentities.userId, userId));
}

describe('GET /api/auth/oauth/providers', () => {
  it('lists the providers with credentials, and none on a server without them', async () => {
    expect(dataOf<AuthProvidersReply>(await t.request({ url: '/api/auth/oauth/providers' }))).toEqual({ providers: ['google', 'github'] });
    const bare = await TestApp.start({ database });
    try {
      expect(dataOf<AuthProvidersReply>(await bare.request({ url: '/api/auth/oauth/providers' }))).toEqual({ providers: [] });
      expect(location(await bare.request({ url: '/api/auth/oauth/google/start' }))).toBe('/login?oauth_error=provider');
    } finally {
      await bare.close();
    }
  });
});

describe('Google sign-in', () => {
  it('sends PKCE and state, creates the account with the welcome credits, and signs the same person in again', async () => {
    const email = uniqueEmail('google');
    providers.googleAccount = { sub: `g-${email}`, email, emailVerified: true, name: 'Jane Smith' };
    const start = await t.request({ url: '/api/auth/oauth/google/start' });
    const authorize = new URL(location(start));
    expect(authorize.pathname).toBe('/google/o/oauth2/v2/auth');
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/api/auth/oauth/google/callback`);
    expect(authorize.searchParams.get('scope')).toBe('openid email profile');

    const first = await signInWith('google');
    expect(first.landing).toBe('/login/social');
    const session = await openSocialSession(first.jar);
    expect(session.newAccount).toBe(true);
    expect(session.user).toMatchObject({ name: 'Jane Smith', email });
    expect(providers.tokenRequests.at(-1)?.get('code_verifier')).toMatch(/^[\w-]{43,}$/);
    const summary = await balanceOf(session);
    expect(summary.balance).toBe(10_000);
    expect(summary.transactions.map((row) => row.reason)).toEqual(['signup_grant']);
    expect(await identitiesOf(session.user.id)).toMatchObject([{ provider: 'google', subject: `g-${email}`, email }]);

    const again = await signInWith('google');
    const second = await openSocialSession(again.jar);
    expect(second.user.id).toBe(session.user.id);
    expect(second.newAccount).toBe(false);
    expect((await balanceOf(second)).balance).toBe(10_000);
  });

  it('hands a session out once: the hand-off cookie is cleared, and a forged one is refused', async () => {
    providers.googleAccount = { sub: `g-once-${uniqueEmail()}`, email: uniqueEmail('once'), emailVerified: true, name: 'Once Only' };
    const { jar } = await signInWith('google');
    const cookie = jar.header;
    await openSocialSession(jar);
    expect(errorOf(await t.request({ method: 'POST', url: '/api/auth/oauth/session', headers: jar.header })).code).toBe('UNAUTHORIZED');
    const forged = cookie.cookie?.replace(/ss_oauth_session=[^.;]+/, `ss_oauth_session=${Buffer.from('{"userId":"x","exp":9e15}').toString('base64url')}`);
    const refused = await t.request({ method: 'POST', url: '/api/auth/oauth/session', headers: { cookie: forged ?? '' } });
    expect(errorOf(refused).error).toBe('This sign-in has expired. Start again with Google or GitHub.');
  });

  it('returns to the Turkish pages when started from them', async () => {
    providers.googleAccount = { sub: `g-tr-${uniqueEmail()}`, email: uniqueEmail('tr'), emailVerified: true, name: 'Ayşe Yılmaz' };
    expect((await signInWith('google', 'tr')).landing).toBe('/tr/login/social');
    providers.googleAccount = 'deny';
    expect((await signInWith('google', 'tr')).landing).toBe('/tr/login?oauth_error=denied');
  });
});

describe('GitHub sign-in', () => {
  it('uses the primary verified email from GET /user/emails and the GitHub name', async () => {
    const email = uniqueEmail('octo');
    providers.githubAccount = {
      id: 900_000 + Math.floor(Math.random() * 100_000),
      login: 'octocat',
      name: 'Mona Lisa',
      emails: [
        { email: uniqueEmail('unverified'), primary: false, verified: false },
        { email, primary: true, verified: true },
      ],
    };
    const { jar, landing } = await signInWith('github');
    expect(landing).toBe('/login/social');
    const session = await openSocialSession(jar);
    expect(session.user).toMatchObject({ name: 'Mona Lisa', email });
  });
});

describe('an email that already has an account', () => {
  it("links only after that account's password confirms it, then signs in straight away", async () => {
    const owner = await t.register({ name: 'Ada Lovelace' });
    const githubId = 800_000 + Math.floor(Math.random() * 100_000);
    providers.githubAccount = { id: githubId, login: 'ada', name: 'Ada L', emails: [{ email: owner.email, primary: true, verified: true }] };

    const { jar, landing } = await signInWith('github');
    expect(landing).toBe('/login/link-account');
    expect(errorOf(await t.request({ method: 'POST', url: '/api/auth/oauth/session', headers: jar.header })).code).toBe('UNAUTHORIZED');
    expect(dataOf<OAuthLinkInfo>(await t.request({ url: '/api/auth/oauth/link', headers: jar.header }))).toEqual({
      provider: 'github',
      email: owner.email,
    });

    const wrong = await t.request({ method: 'POST', url: '/api/auth/oauth/link', headers: jar.header, body: { password: 'Not-The-Password-1' } });
    expect(errorOf(wrong).code).toBe('INVALID_CREDENTIALS');
    expect(await identitiesOf(owner.session.user.id)).toEqual([]);

    const linked = await t.request({ method: 'POST', url: '/api/auth/oauth/link', headers: jar.header, body: { password: STRONG_PASSWORD } });
    jar.take(linked);
    expect(dataOf<AuthSession>(linked).user.id).toBe(owner.session.user.id);
    expect(await identitiesOf(owner.session.user.id)).toMatchObject([{ provider: 'github', subject: String(githubId) }]);
    expect(errorOf(await t.request({ url: '/api/auth/oauth/link', headers: jar.header })).code).toBe('UNAUTHORIZED');

    const next = await signInWith('github');
    expect(next.landing).toBe('/login/social');
    expect((await openSocialSession(next.jar)).user.id).toBe(owner.session.user.id);
  });

  it('never links an unverified email, nor creates an account with one', async () => {
    const owner = await t.register();
    providers.googleAccount = { sub: `g-unverified-${owner.email}`, email: owner.email, emailVerified: false, name: 'Someone Else' };
    expect((await signInWith('google')).landing).toBe('/login?oauth_error=email_unverified');
    expect(await identitiesOf(owner.session.user.id)).toEqual([]);

    const stranger = uniqueEmail('stranger');
    providers.googleAccount = { sub: `g-${stranger}`, email: stranger, emailVerified: false, name: 'Stranger' };
    expect((await signInWith('google')).landing).toBe('/login?oauth_error=email_unverified');
    expect(await database.db.select().from(users).where(eq(users.email, stranger))).toEqual([]);
  });
});

describe('errors return to /login with a reason', () => {
  it('says so when the user refuses consent', async () => {
    providers.githubAccount = 'deny';
    expect((await signInWith('github')).landing).toBe('/login?oauth_error=denied');
  });

  it('refuses a callback whose state does not match, or that this browser never started', async () => {
    providers.googleAccount = { sub: 'g-state', email: uniqueEmail('state'), emailVerified: true, name: 'State Check' };
    const jar = new CookieJar();
    const start = await t.request({ url: '/api/auth/oauth/google/start' });
    jar.take(start);
    const consent = await fetch(location(start), { redirect: 'manual' });
    const callback = new URL(consent.headers.get('location') ?? '');
    callback.searchParams.set('state', 'forged-state');
    const forged = await t.request({ url: `${callback.pathname}${callback.search}`, headers: jar.header });
    expect(location(forged)).toBe('/login?oauth_error=state');
    const strangers = await t.request({ url: `${callback.pathname}${callback.search}` });
    expect(location(strangers)).toBe('/login?oauth_error=expired');
  });

  it('says the provider failed when its token endpoint is down', async () => {
    providers.googleAccount = { sub: 'g-down', email: uniqueEmail('down'), emailVerified: true, name: 'Down Time' };
    providers.down = true;
    expect((await signInWith('google')).landing).toBe('/login?oauth_error=provider');
  });
});
