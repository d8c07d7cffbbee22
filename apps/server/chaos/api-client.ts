import { dataOf, request, type RawReply, type RawRequest } from './http.ts';
import { CHAOS_ADMIN_TOKEN } from './server-process.ts';

export const CHAOS_PASSWORD = 'Quartz-Lantern-Harbor-81!';

export interface Session {
  accessToken: string;
  refreshToken: string;
}

export interface ChaosUser {
  email: string;
  password: string;
  session: Session;
}

/** Calls the API as a browser would: a CSRF token on mutating calls, a bearer token when signed in. */
export class ApiClient {
  #csrfToken: string | null = null;

  constructor(readonly baseUrl: string) {}

  async csrfToken(): Promise<string> {
    this.#csrfToken ??= dataOf<{ token: string }>(
      await request(this.baseUrl, { path: '/api/auth/csrf-token' }),
      'csrf token',
    ).token;
    return this.#csrfToken;
  }

  /** A request with the CSRF header (and the bearer token when given). */
  async send(options: RawRequest & { token?: string | null }): Promise<RawReply> {
    const headers: Record<string, string> = { 'x-csrf-token': await this.csrfToken(), ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    return request(this.baseUrl, { ...options, headers });
  }

  async json(method: string, path: string, body: unknown, token?: string | null): Promise<RawReply> {
    return this.send({
      method,
      path,
      token,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  }

  async register(email: string, password = CHAOS_PASSWORD): Promise<ChaosUser> {
    const reply = await this.json('POST', '/api/auth/register', { name: 'Chaos Tester', email, password });
    return { email, password, session: dataOf<Session>(reply, `register ${email}`) };
  }

  async login(email: string, password: string): Promise<Session> {
    return dataOf<Session>(await this.json('POST', '/api/auth/login', { email, password }), `login ${email}`);
  }

  /** Credits through the operator API (ledger reason admin_grant). */
  async grant(email: string, amount: number): Promise<void> {
    const reply = await request(this.baseUrl, {
      method: 'POST',
      path: '/api/admin/credits/grant',
      headers: { 'content-type': 'application/json', 'x-admin-token': CHAOS_ADMIN_TOKEN },
      body: JSON.stringify({ email, amount, reason: 'chaos suite' }),
    });
    dataOf(reply, `grant ${amount} to ${email}`);
  }

  async registerWithCredits(email: string, credits: number): Promise<ChaosUser> {
    const user = await this.register(email);
    await this.grant(email, credits);
    return user;
  }
}
