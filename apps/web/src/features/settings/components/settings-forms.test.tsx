import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { errorReply, okReply, renderWithProviders, setupI18n, stubFetch, testUser } from '../../../test/render.tsx';
import { ChangePasswordForm } from './ChangePasswordForm.tsx';
import { ProfileForm } from './ProfileForm.tsx';

async function retype(label: string, value: string) {
  const user = userEvent.setup();
  const field = screen.getByLabelText(label);
  await user.clear(field);
  if (value) await user.type(field, value);
  return user;
}

describe('ProfileForm', () => {
  beforeEach(() => setupI18n('en'));
  afterEach(() => vi.unstubAllGlobals());

  it('starts from the signed-in user and validates both fields', async () => {
    renderWithProviders(<ProfileForm />);
    expect(screen.getByLabelText('Name')).toHaveValue(testUser.name);
    await retype('Name', '');
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    await retype('Email', '');
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    await retype('Email', 'nope');
    expect(screen.getByText('Invalid email format')).toBeInTheDocument();
  });

  it("saves, says 'Profile updated successfully' and stores the new name and email", async () => {
    const updated = { ...testUser, name: 'Ada King', email: 'ada.king@example.com' };
    const { calls } = stubFetch({ 'PUT /auth/update-profile': () => okReply({ message: 'Profile updated successfully', user: updated }) });
    const { auth } = renderWithProviders(<ProfileForm />);
    await retype('Name', 'Ada King');
    const user = await retype('Email', 'Ada.King@example.com');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    expect(auth.updateUser).toHaveBeenCalledWith(updated);
    expect(calls.find((call) => call.path === '/auth/update-profile')?.body).toEqual({ name: 'Ada King', email: 'ada.king@example.com' });
  });

  it("says 'Failed to update profile' when the server refuses", async () => {
    stubFetch({ 'PUT /auth/update-profile': () => errorReply(409, 'EMAIL_TAKEN', 'Email taken') });
    renderWithProviders(<ProfileForm />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Failed to update profile')).toBeInTheDocument();
  });
});

describe('ChangePasswordForm', () => {
  beforeEach(() => setupI18n('en'));
  afterEach(() => vi.unstubAllGlobals());

  it('shows each rule: required fields, the registration password rules, matching confirmation', async () => {
    renderWithProviders(<ChangePasswordForm />);
    // The same rules and the same description as at registration: "abcdef" used to be accepted here.
    expect(screen.getByText('At least 12 characters with upper and lower case letters, a number and a symbol.')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByText('Current password is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByText('Please confirm your password')).toBeInTheDocument();
    await retype('New password', 'abcdef');
    expect(screen.getByText('Password must be at least 12 characters long')).toBeInTheDocument();
    await retype('New password', 'abcdefghijkl');
    expect(screen.getByText('Password must contain at least one uppercase letter')).toBeInTheDocument();
    await retype('New password', 'Sunny-Meadow-42!');
    await retype('Confirm new password', 'Sunny-Meadow-43!');
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
  });

  it('has a show/hide toggle on each of the three fields', async () => {
    renderWithProviders(<ChangePasswordForm />);
    const toggles = screen.getAllByRole('button', { name: 'Show password' });
    expect(toggles).toHaveLength(3);
    const current = screen.getByLabelText('Current password');
    expect(current).toHaveAttribute('type', 'password');
    await userEvent.setup().click(toggles[0] as HTMLElement);
    expect(current).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide password' })).toBeInTheDocument();
  });

  it("changes the password, says 'Password changed successfully' and clears the fields", async () => {
    const { calls } = stubFetch({ 'PUT /auth/change-password': () => okReply({ message: 'Password changed successfully' }) });
    renderWithProviders(<ChangePasswordForm />);
    await retype('Current password', 'old-secret');
    await retype('New password', 'New-Secret-Key-58!');
    const user = await retype('Confirm new password', 'New-Secret-Key-58!');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password changed successfully')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/auth/change-password')?.body).toEqual({ currentPassword: 'old-secret', newPassword: 'New-Secret-Key-58!' });
    await waitFor(() => expect(screen.getByLabelText('Current password')).toHaveValue(''));
    expect(screen.getByLabelText('New password')).toHaveValue('');
    expect(screen.getByLabelText('Confirm new password')).toHaveValue('');
    expect(screen.queryByText('Current password is required')).not.toBeInTheDocument();
  });

  it("says 'Failed to change password' and marks a wrong current password", async () => {
    stubFetch({
      'PUT /auth/change-password': () =>
        errorReply(400, 'VALIDATION_ERROR', 'Current password is incorrect', { fields: { currentPassword: ['Current password is incorrect'] } }),
    });
    renderWithProviders(<ChangePasswordForm />);
    await retype('Current password', 'wrong-one');
    await retype('New password', 'New-Secret-Key-58!');
    const user = await retype('Confirm new password', 'New-Secret-Key-58!');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Failed to change password')).toBeInTheDocument();
    expect(screen.getByText('Current password is incorrect')).toBeInTheDocument();
  });
});
