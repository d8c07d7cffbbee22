import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from '@sound-studio/shared';
import { errorReply, fakeAuth, okReply, renderWithProviders, setupI18n, stubFetch, testUser } from '../../../test/render.tsx';
import { LoginPage } from './LoginPage.tsx';
import { forgetEnabledProviders } from './ProviderButtons.tsx';

const session = { accessToken: 'a', refreshToken: 'r', user: testUser };

function renderLogin(auth = fakeAuth({ status: 'anonymous', user: null })) {
  return renderWithProviders(<LoginPage />, { auth, path: '/login' });
}

async function fillAndSubmit(email: string, password: string, remember = false) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  if (remember) await user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

describe('LoginPage', () => {
  beforeEach(async () => {
    // No network in tests: each test that calls the server stubs its own routes.
    stubFetch({});
    await setupI18n('en');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    forgetEnabledProviders();
  });

  it('shows every field message as the user types', async () => {
    renderLogin();
    const user = userEvent.setup();
    const email = screen.getByLabelText('Email');
    await user.type(email, 'not-an-email');
    // The form's schema loads on the first keystroke (a chunk of its own): on a loaded machine it can land after typing.
    expect(await screen.findByText('Invalid email format')).toBeInTheDocument();
    await user.clear(email);
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    await user.click(email);
    await user.paste(`${'a'.repeat(250)}@example.com`);
    expect(screen.getByText('Email is too long')).toBeInTheDocument();
    const password = screen.getByLabelText('Password');
    await user.type(password, 'x');
    await user.clear(password);
    expect(screen.getByText('Password is required')).toBeInTheDocument();
  });

  it('shows the messages on submit and focuses the first invalid field', async () => {
    renderLogin();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
  });

  it('"Forgot password?" leads to the reset request page', () => {
    renderLogin();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
  });

  it('signs in with remember-me into local storage and remembers the email', async () => {
    const auth = fakeAuth({ status: 'anonymous', user: null });
    const { calls } = stubFetch({ 'POST /auth/login': () => okReply(session) });
    renderLogin(auth);
    await fillAndSubmit('  Ada@Example.com ', 'secret', true);
    await waitFor(() => expect(auth.signIn).toHaveBeenCalledWith(session, 'local'));
    expect(calls.find((call) => call.path === '/auth/login')?.body).toEqual({ email: 'ada@example.com', password: 'secret' });
    expect(localStorage.getItem(STORAGE_KEYS.rememberedEmail)).toBe('ada@example.com');
  });

  it('signs in without remember-me into session storage', async () => {
    const auth = fakeAuth({ status: 'anonymous', user: null });
    stubFetch({ 'POST /auth/login': () => okReply(session) });
    renderLogin(auth);
    await fillAndSubmit('ada@example.com', 'secret');
    await waitFor(() => expect(auth.signIn).toHaveBeenCalledWith(session, 'session'));
  });

  it('says how many attempts remain when 2 or fewer', async () => {
    stubFetch({ 'POST /auth/login': () => errorReply(401, 'INVALID_CREDENTIALS', 'Invalid email or password (2 attempts remaining)', { attemptsRemaining: 2 }) });
    renderLogin();
    await fillAndSubmit('ada@example.com', 'wrong');
    expect(await screen.findByText('Invalid email or password (2 attempts remaining)')).toBeInTheDocument();
  });

  it('does not count attempts while more than 2 remain', async () => {
    stubFetch({ 'POST /auth/login': () => errorReply(401, 'INVALID_CREDENTIALS', 'Invalid email or password', { attemptsRemaining: 4 }) });
    renderLogin();
    await fillAndSubmit('ada@example.com', 'wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Invalid email or password$/);
  });

  it('shows the rate-limit text with the waiting time', async () => {
    stubFetch({ 'POST /auth/login': () => errorReply(429, 'RATE_LIMITED', 'Too many login attempts. Please try again in 15 minutes.', { scope: 'login', retryAfterSeconds: 900 }) });
    renderLogin();
    await fillAndSubmit('ada@example.com', 'wrong');
    expect(await screen.findByText('Too many login attempts. Please try again in 15 minutes.')).toBeInTheDocument();
  });

  it('asks for a retry in seconds when other sign-ins of the account are being checked', async () => {
    stubFetch({ 'POST /auth/login': () => errorReply(429, 'RATE_LIMITED', 'Too many login attempts. Please try again in 1 second.', { scope: 'login', retryAfterSeconds: 1 }) });
    renderLogin();
    await fillAndSubmit('ada@example.com', 'right');
    expect(await screen.findByText('Too many login attempts. Please try again in 1 second.')).toBeInTheDocument();
  });

  it('falls back to the generic login failure', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('offline'))));
    renderLogin();
    await fillAndSubmit('ada@example.com', 'secret');
    expect(await screen.findByText('Login failed. Please try again.')).toBeInTheDocument();
  });

  it('shows the inactivity notice after an expired session', () => {
    renderLogin(fakeAuth({ status: 'anonymous', user: null, endReason: 'expired' }));
    expect(screen.getByText('Your session has expired due to inactivity. Please log in again.')).toBeInTheDocument();
  });

  it('speaks Turkish, messages included', async () => {
    await setupI18n('tr');
    renderLogin();
    expect(screen.getByRole('heading', { name: 'Tekrar hoş geldiniz' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Giriş yap' }));
    expect(screen.getByText('E-posta adresi gerekli')).toBeInTheDocument();
    expect(screen.getByText('Şifre gerekli')).toBeInTheDocument();
  });

  it('shows a sign-in link for each provider the server offers, and none (nor the divider) otherwise', async () => {
    stubFetch({ 'GET /auth/oauth/providers': () => okReply({ providers: ['github'] }) });
    renderLogin();
    const github = await screen.findByRole('link', { name: 'Sign in with GitHub' });
    expect(github).toHaveAttribute('href', '/api/auth/oauth/github/start?lang=en');
    expect(screen.queryByRole('link', { name: 'Sign in with Google' })).toBeNull();
    expect(screen.getByText('or with email')).toBeInTheDocument();
  });

  it('shows no provider buttons when none is configured', async () => {
    const { calls } = stubFetch({});
    renderLogin();
    await waitFor(() => expect(calls.some((call) => call.path === '/auth/oauth/providers')).toBe(true));
    expect(screen.queryByRole('link', { name: /Sign in with/ })).toBeNull();
    expect(screen.queryByText('or with email')).toBeNull();
  });

  it('explains why a social sign-in came back, in English and Turkish', async () => {
    renderWithProviders(<LoginPage />, { auth: fakeAuth({ status: 'anonymous', user: null }), path: '/login?oauth_error=denied' });
    expect(screen.getByTestId('oauth-error')).toHaveTextContent('Sign-in was cancelled: the provider did not share your account.');
    await setupI18n('tr');
    renderWithProviders(<LoginPage />, { auth: fakeAuth({ status: 'anonymous', user: null }), path: '/tr/login?oauth_error=state' });
    expect(screen.getAllByTestId('oauth-error').at(-1)).toHaveTextContent('Bu oturum açma işlemi doğrulanamadı');
  });
});
