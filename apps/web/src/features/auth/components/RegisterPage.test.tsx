import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { errorReply, fakeAuth, okReply, renderWithProviders, setupI18n, stubFetch, testUser } from '../../../test/render.tsx';
import { RegisterPage } from './RegisterPage.tsx';
import { forgetEnabledProviders } from './ProviderButtons.tsx';

const VALID_PASSWORD = 'Harbour-Lights-42';

function renderRegister(auth = fakeAuth({ status: 'anonymous', user: null })) {
  return renderWithProviders(<RegisterPage />, { auth, path: '/register' });
}

async function typeInto(label: string, value: string) {
  const user = userEvent.setup();
  const field = screen.getByLabelText(label);
  await user.clear(field);
  if (value) await user.type(field, value);
  return user;
}

async function fillValidForm() {
  await typeInto('Full name', 'Ada Lovelace');
  await typeInto('Email', 'ada@example.com');
  await typeInto('Password', VALID_PASSWORD);
  await typeInto('Confirm password', VALID_PASSWORD);
  const user = userEvent.setup();
  await user.click(screen.getByRole('checkbox'));
  return user;
}

describe('RegisterPage', () => {
  beforeEach(async () => {
    // No network in tests: each test that calls the server stubs its own routes.
    stubFetch({});
    await setupI18n('en');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    forgetEnabledProviders();
  });

  it.each([
    ['Full name', 'A', 'Name must be at least 2 characters long'],
    ['Full name', 'A'.repeat(51), 'Name is too long'],
    ['Full name', 'Ada 2', 'Name contains invalid characters'],
    ['Email', 'ada@', 'Invalid email format'],
    ['Password', 'Short1!', 'Password must be at least 12 characters long'],
    ['Password', 'lowercase-only-12', 'Password must contain at least one uppercase letter'],
    ['Password', 'UPPERCASE-ONLY-12', 'Password must contain at least one lowercase letter'],
    ['Password', 'No-Digits-Here!', 'Password must contain at least one number'],
    ['Password', 'NoSpecials12345', 'Password must contain at least one special character'],
    ['Password', 'Password-12345', 'Password is too weak. Please choose a stronger password.'],
  ])('%s "%s" shows "%s" while typing', async (label, value, message) => {
    renderRegister();
    await typeInto(label, value);
    expect(screen.getByText(message)).toBeInTheDocument();
  });

  it('shows required messages, the terms rule and the confirmation rule on submit', async () => {
    renderRegister();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByText('Please confirm your password')).toBeInTheDocument();
    expect(screen.getByText('You must accept the Terms of Service and Privacy Policy')).toBeInTheDocument();
    await typeInto('Password', VALID_PASSWORD);
    await typeInto('Confirm password', `${VALID_PASSWORD}x`);
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
  });

  it('registers and keeps the session in local storage', async () => {
    const auth = fakeAuth({ status: 'anonymous', user: null });
    const session = { accessToken: 'a', refreshToken: 'r', user: testUser };
    const { calls } = stubFetch({ 'POST /auth/register': () => okReply(session, 201) });
    renderRegister(auth);
    const user = await fillValidForm();
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(auth.signIn).toHaveBeenCalledWith(session, 'local'));
    expect(calls.find((call) => call.path === '/auth/register')?.body).toEqual({ name: 'Ada Lovelace', email: 'ada@example.com', password: VALID_PASSWORD });
  });

  it.each([
    [() => errorReply(409, 'EMAIL_TAKEN', 'Registration failed. Email might already exist.'), 'Registration failed. Email might already exist.'],
    [() => errorReply(429, 'RATE_LIMITED', 'Too many registration attempts.', { scope: 'register', retryAfterSeconds: 3600 }), 'Too many registration attempts. Please try again in 1 hour.'],
    [() => errorReply(500, 'INTERNAL_ERROR', 'boom'), 'Registration failed. Please try again.'],
  ])('shows the server failure %#', async (reply, message) => {
    stubFetch({ 'POST /auth/register': reply });
    renderRegister();
    const user = await fillValidForm();
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it("puts the server's field messages next to their fields", async () => {
    stubFetch({ 'POST /auth/register': () => errorReply(400, 'VALIDATION_ERROR', 'Validation failed', { fields: { email: ['Invalid email format'] } }) });
    renderRegister();
    const user = await fillValidForm();
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Invalid email format')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
  });

  it('opens the terms and the privacy policy from the checkbox label', async () => {
    renderRegister();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Terms of Service' }));
    expect(await screen.findByRole('dialog', { name: 'Terms of Service' })).toBeInTheDocument();
    expect(await screen.findByText(/Last updated/)).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Privacy Policy' }));
    expect(await screen.findByRole('dialog', { name: 'Privacy Policy' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('checkbox')).not.toBeChecked();
  });
});
