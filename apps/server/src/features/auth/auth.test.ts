import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthSession, MessageReply, UpdateProfileReply, UserReply } from '@sound-studio/shared';
import type { DatabaseHandle } from '../../db/client.ts';
import { dataOf, errorOf, firstFieldMessages, openTestDatabase, STRONG_PASSWORD, TestApp, uniqueEmail } from '../../../test/harness.ts';

let database: DatabaseHandle;
let t: TestApp;

beforeAll(async () => {
  database = await openTestDatabase();
  t = await TestApp.start({ database });
});

afterAll(async () => {
  await t?.close();
  await database?.close();
});

describe('POST /api/auth/register', () => {
  it('creates the account, signs in and grants the free plan credits', async () => {
    const email = uniqueEmail('new');
    const reply = await t.request({
      method: 'POST',
      url: '/api/auth/register',
      body: { name: '  Şükrü   Öztürk ', email: `  <${email.toUpperCase()}> `, password: STRONG_PASSWORD },
    });
    expect(reply.statusCode).toBe(201);
    const session = dataOf<AuthSession>(reply);
    expect(session.user).toEqual({
      id: expect.any(String),
      name: 'Şükrü Öztürk',
      email,
      credits: 10_000,
      subscription: 'Free Plan',
    });
    expect(session.accessToken.split('.')).toHaveLength(3);
    expect(session.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('refuses a second account with the same email', async () => {
    const { email } = await t.register();
    const reply = await t.request({
      method: 'POST',
      url: '/api/auth/register',
      body: { name: 'Someone Else', email: email.toUpperCase(), password: STRONG_PASSWORD },
    });
    expect(reply.statusCode).toBe(409);
    expect(errorOf(reply)).toEqual({
      success: false,
      code: 'EMAIL_TAKEN',
      error: 'Registration failed. Email might already exist.',
    });
  });

  it.each([
    [{ name: 'Ada Lovelace', email: '', password: STRONG_PASSWORD }, 'email', 'Email is required'],
    [{ name: 'Ada Lovelace', email: 'not-an-email', password: STRONG_PASSWORD }, 'email', 'Invalid email format'],
    [{ name: 'Ada Lovelace', email: `${'a'.repeat(250)}@x.io`, password: STRONG_PASSWORD }, 'email', 'Email is too long'],
    [{ name: '', email: 'ada@example.com', password: STRONG_PASSWORD }, 'name', 'Name is required'],
    [{ name: 'A', email: 'ada@example.com', password: STRONG_PASSWORD }, 'name', 'Name must be at least 2 characters long'],
    [{ name: 'A'.repeat(51), email: 'ada@example.com', password: STRONG_PASSWORD }, 'name', 'Name is too long'],
    [{ name: 'Ada 2', email: 'ada@example.com', password: STRONG_PASSWORD }, 'name', 'Name contains invalid characters'],
    [{ name: 'Ada Lovelace', email: 'ada@example.com', password: '' }, 'password', 'Password is required'],
    [{ name: 'Ada Lovelace', email: 'ada@example.com', password: 'Short-1!' }, 'password', 'Password must be at least 12 characters long'],
    [{ name: 'Ada Lovelace', email: 'ada@example.com', password: 'lowercase-only-42!' }, 'password', 'Password must contain at least one uppercase letter'],
    [{ name: 'Ada Lovelace', email: 'ada@example.com', password: 'UPPERCASE-ONLY-42!' }, 'password', 'Password must contain at least one lowercase letter'],
    [{ name: 'Ada Lovelace', email: 'ada@example.com', password: 'No-Digits-Here!' }, 'password', 'Password must contain at least one number'],
    [{ name: 'Ada Lovelace', email: 'ada@example.com', password: 'NoSpecial42abc' }, 'password', 'Password must contain at least one special character'],
    [{ name: 'Ada Lovelace', email: 'ada@example.com', password: 'Sunny-Mead0w-aaa!' }, 'password', 'Password is too weak. Please choose a stronger password.'],
  ])('rejects %j: %s "%s"', async (body, field, message) => {
    const reply = await t.request({ method: 'POST', url: '/api/auth/register', body });
    expect(reply.statusCode).toBe(400);
    const error = errorOf(reply);
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.error).toBe(message);
    expect(firstFieldMessages(reply)).toEqual({ [field]: message });
  });

  it('reports every invalid field at once', async () => {
    const reply = await t.request({ method: 'POST', url: '/api/auth/register', body: {} });
    expect(reply.statusCode).toBe(400);
    expect(firstFieldMessages(reply)).toEqual({
      name: 'Name is required',
      email: 'Email is required',
      password: 'Password is required',
    });
  });
});

describe('POST /api/auth/login', () => {
  it('signs in with the normalised email', async () => {
    const { email } = await t.register();
    const reply = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      body: { email: ` "${email.toUpperCase()}" `, password: STRONG_PASSWORD },
    });
    expect(reply.statusCode).toBe(200);
    const session = dataOf<AuthSession>(reply);
    expect(session.user.email).toBe(email);
    expect(session.user.subscription).toBe('Free Plan');
  });

  it('gives the same answer for a wrong password and an unknown email', async () => {
    const { email } = await t.register();
    const wrongPassword = await t.request({ method: 'POST', url: '/api/auth/login', body: { email, password: 'Wrong-Pass-99!' } });
    const unknownEmail = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      body: { email: uniqueEmail('ghost'), password: 'Wrong-Pass-99!' },
    });
    for (const reply of [wrongPassword, unknownEmail]) {
      expect(reply.statusCode).toBe(401);
      expect(errorOf(reply)).toEqual({
        success: false,
        code: 'INVALID_CREDENTIALS',
        error: 'Invalid email or password',
        details: { attemptsRemaining: 4 },
      });
    }
  });

  it('requires both fields', async () => {
    const reply = await t.request({ method: 'POST', url: '/api/auth/login', body: { email: 'a@b.co', password: '' } });
    expect(reply.statusCode).toBe(400);
    expect(errorOf(reply).details).toEqual({ fields: { password: ['Password is required'] } });
  });
});

describe('GET /api/auth/validate and /api/auth/me', () => {
  it('returns the caller', async () => {
    const { session } = await t.register({ name: 'Grace Hopper' });
    for (const url of ['/api/auth/validate', '/api/auth/me']) {
      const reply = await t.request({ url, token: session.accessToken });
      expect(reply.statusCode).toBe(200);
      expect(dataOf<UserReply>(reply).user).toEqual(session.user);
    }
  });

  it.each([
    ['no token', undefined, undefined],
    ['a malformed token', 'not-a-jwt', undefined],
    ['a token signed with another key', undefined, 'forged'],
  ])('answers 401 UNAUTHORIZED to %s', async (_label, token, variant) => {
    let accessToken = token;
    if (variant === 'forged') {
      const { session } = await t.register();
      const [header, payload] = session.accessToken.split('.');
      accessToken = `${header}.${payload}.${'A'.repeat(43)}`;
    }
    const reply = await t.request({ url: '/api/auth/me', token: accessToken });
    expect(reply.statusCode).toBe(401);
    expect(errorOf(reply).code).toBe('UNAUTHORIZED');
  });
});

describe('PUT /api/auth/update-profile', () => {
  it('changes name and email of the caller only', async () => {
    const alice = await t.register({ name: 'Alice Doe' });
    const bob = await t.register({ name: 'Bob Doe' });
    const newEmail = uniqueEmail('alice');
    const reply = await t.request({
      method: 'PUT',
      url: '/api/auth/update-profile',
      token: alice.session.accessToken,
      body: { name: "Alice O'Neil-Smith", email: newEmail.toUpperCase() },
    });
    expect(reply.statusCode).toBe(200);
    const updated = dataOf<UpdateProfileReply>(reply);
    expect(updated.message).toBe('Profile updated successfully');
    expect(updated.user).toMatchObject({ name: "Alice O'Neil-Smith", email: newEmail, id: alice.session.user.id });

    const bobNow = dataOf<UserReply>(await t.request({ url: '/api/auth/me', token: bob.session.accessToken }));
    expect(bobNow.user).toEqual(bob.session.user);
    const login = await t.request({ method: 'POST', url: '/api/auth/login', body: { email: newEmail, password: STRONG_PASSWORD } });
    expect(login.statusCode).toBe(200);
  });

  it("refuses another account's email with 409 EMAIL_TAKEN", async () => {
    const alice = await t.register();
    const bob = await t.register();
    const reply = await t.request({
      method: 'PUT',
      url: '/api/auth/update-profile',
      token: alice.session.accessToken,
      body: { name: 'Alice Doe', email: bob.email },
    });
    expect(reply.statusCode).toBe(409);
    expect(errorOf(reply).code).toBe('EMAIL_TAKEN');
  });

  it('keeps the own email without complaint and validates fields', async () => {
    const alice = await t.register();
    const same = await t.request({
      method: 'PUT',
      url: '/api/auth/update-profile',
      token: alice.session.accessToken,
      body: { name: 'Alice Renamed', email: alice.email },
    });
    expect(same.statusCode).toBe(200);
    const invalid = await t.request({
      method: 'PUT',
      url: '/api/auth/update-profile',
      token: alice.session.accessToken,
      body: { name: '', email: 'nope' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(firstFieldMessages(invalid)).toEqual({ name: 'Name is required', email: 'Invalid email format' });
  });

  it('requires a token', async () => {
    const reply = await t.request({ method: 'PUT', url: '/api/auth/update-profile', body: { name: 'Al Bo', email: 'a@b.co' } });
    expect(reply.statusCode).toBe(401);
  });
});

describe('PUT /api/auth/change-password', () => {
  it('changes the password, keeps this session and revokes the others', async () => {
    const user = await t.register();
    const other = dataOf<AuthSession>(
      await t.request({ method: 'POST', url: '/api/auth/login', body: { email: user.email, password: user.password } }),
    );
    const reply = await t.request({
      method: 'PUT',
      url: '/api/auth/change-password',
      token: user.session.accessToken,
      body: { currentPassword: user.password, newPassword: 'Harbor-Light-64!' },
    });
    expect(reply.statusCode).toBe(200);
    expect(dataOf<MessageReply>(reply)).toEqual({ message: 'Password changed successfully' });

    expect((await t.request({ url: '/api/auth/me', token: user.session.accessToken })).statusCode).toBe(200);
    const revoked = await t.request({ url: '/api/auth/me', token: other.accessToken });
    expect(errorOf(revoked).code).toBe('SESSION_REVOKED');

    const oldLogin = await t.request({ method: 'POST', url: '/api/auth/login', body: { email: user.email, password: user.password } });
    expect(oldLogin.statusCode).toBe(401);
    const newLogin = await t.request({ method: 'POST', url: '/api/auth/login', body: { email: user.email, password: 'Harbor-Light-64!' } });
    expect(newLogin.statusCode).toBe(200);
  });

  it('answers a wrong current password with 400, not 401', async () => {
    const user = await t.register();
    const reply = await t.request({
      method: 'PUT',
      url: '/api/auth/change-password',
      token: user.session.accessToken,
      body: { currentPassword: 'Not-The-Password-1!', newPassword: 'Another-Harbor-65!' },
    });
    expect(reply.statusCode).toBe(400);
    expect(errorOf(reply)).toEqual({
      success: false,
      code: 'VALIDATION_ERROR',
      error: 'Current password is incorrect',
      details: { fields: { currentPassword: ['Current password is incorrect'] } },
    });
  });

  it('holds the new password to the registration rules (abcdef used to pass)', async () => {
    const user = await t.register();
    const change = (newPassword: string) =>
      t.request({
        method: 'PUT',
        url: '/api/auth/change-password',
        token: user.session.accessToken,
        body: { currentPassword: user.password, newPassword },
      });
    const short = await change('abcdef');
    expect(short.statusCode).toBe(400);
    expect(errorOf(short).details).toEqual({ fields: { newPassword: ['Password must be at least 12 characters long'] } });
    expect(errorOf(await change('abcdefghijkl')).details).toEqual({
      fields: { newPassword: ['Password must contain at least one uppercase letter'] },
    });
    expect((await change('Quiet-River-73?')).statusCode).toBe(200);
  });
});
