import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { errorReply, fakeAuth, okReply, renderWithProviders, setupI18n, stubFetch } from '../../../test/render.tsx';
import { ForgotPasswordPage } from './ForgotPasswordPage.tsx';
import { ResetPasswordPage } from './ResetPasswordPage.tsx';

const NEW_PASSWORD = 'Copper-Lantern-58#';
const anonymous = () => fakeAuth({ status: 'anonymous', user: null });

async function setNewPassword(password: string, confirmation = password) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('New password'), password);
  await user.type(screen.getByLabelText('Confirm password'), confirmation);
  await user.click(screen.getByRole('button', { name: 'Set new password' }));
}

describe('ResetPasswordPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the token with the new password and then offers to sign in', async () => {
    await setupI18n('en');
    const { calls } = stubFetch({ 'POST /auth/reset-password': () => okReply({ message: 'Your password has been reset.' }) });
    renderWithProviders(<ResetPasswordPage />, { auth: anonymous(), path: '/reset-password?token=abc123' });
    expect(screen.getByText('At least 12 characters with upper and lower case letters, a number and a symbol.')).toBeInTheDocument();
    await setNewPassword('abcdef');
    expect(screen.getByText('Password must be at least 12 characters long')).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/auth/reset-password')).toBe(false);

    await userEvent.setup().clear(screen.getByLabelText('New password'));
    await userEvent.setup().clear(screen.getByLabelText('Confirm password'));
    await setNewPassword(NEW_PASSWORD);
    expect(await screen.findByText('Your password has been reset. Sign in with your new password.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(calls.find((call) => call.path === '/auth/reset-password')?.body).toEqual({ token: 'abc123', password: NEW_PASSWORD });
  });

  it('explains a used or expired link in Turkish and links to a new request', async () => {
    await setupI18n('tr');
    stubFetch({
      'POST /auth/reset-password': () =>
        errorReply(400, 'RESET_LINK_INVALID', 'This password reset link is invalid, has expired or was already used. Request a new one.'),
    });
    renderWithProviders(<ResetPasswordPage />, { auth: anonymous(), path: '/tr/reset-password?token=used' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Yeni şifre'), NEW_PASSWORD);
    await user.type(screen.getByLabelText('Şifre tekrarı'), NEW_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Yeni şifreyi kaydet' }));
    expect(await screen.findByText(/Bu şifre sıfırlama bağlantısı geçersiz/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Yeni bağlantı iste' })).toHaveAttribute('href', '/tr/forgot-password');
  });
});

describe('ForgotPasswordPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the link and says where it went, without telling whether the account exists', async () => {
    await setupI18n('en');
    const { calls } = stubFetch({ 'POST /auth/forgot-password': () => okReply({ message: 'If an account exists…' }) });
    renderWithProviders(<ForgotPasswordPage />, { auth: anonymous(), path: '/forgot-password' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'Ada@Example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(/If an account exists for ada@example.com, a link to reset its password is on its way/)).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/auth/forgot-password')?.body).toEqual({ email: 'ada@example.com' });
  });
});
