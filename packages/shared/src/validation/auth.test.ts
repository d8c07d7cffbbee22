import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  changePasswordFormSchema,
  changePasswordRequestSchema,
  fieldErrors,
  loginFormSchema,
  loginRequestSchema,
  refreshRequestSchema,
  registerFormSchema,
  registerRequestSchema,
  updateProfileRequestSchema,
} from './auth.ts';
import { VALIDATION_MESSAGES, validationMessageKey } from './messages.ts';

/** First message per field, as a form shows them. */
function formErrors(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(Object.entries(fieldErrors(result.error)).map(([field, messages]) => [field, messages[0] ?? '']));
}

const validRegistration = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  password: 'Sunny-Meadow-42!',
  confirmPassword: 'Sunny-Meadow-42!',
  acceptTerms: true,
};

describe('login', () => {
  it('normalises the email and accepts any password', () => {
    expect(loginRequestSchema.parse({ email: ' <ADA@example.com> ', password: 'x' })).toEqual({ email: 'ada@example.com', password: 'x' });
    expect(loginFormSchema.parse({ email: 'ada@example.com', password: 'x', rememberMe: true })).toMatchObject({ rememberMe: true });
  });

  it('needs both fields', () => {
    expect(formErrors(loginRequestSchema, {})).toEqual({ email: 'Email is required', password: 'Password is required' });
    expect(formErrors(loginRequestSchema, { email: 'nope', password: '' })).toEqual({
      email: 'Invalid email format',
      password: 'Password is required',
    });
  });
});

describe('registration', () => {
  it('accepts a valid form and request', () => {
    expect(registerFormSchema.safeParse(validRegistration).success).toBe(true);
    expect(registerRequestSchema.parse({ name: ' Ada  Lovelace ', email: 'ADA@example.com', password: 'Sunny-Meadow-42!' })).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      password: 'Sunny-Meadow-42!',
    });
  });

  it('needs matching passwords', () => {
    expect(formErrors(registerFormSchema, { ...validRegistration, confirmPassword: 'Sunny-Meadow-43!' })).toEqual({
      confirmPassword: 'Passwords do not match',
    });
    expect(formErrors(registerFormSchema, { ...validRegistration, confirmPassword: '' })).toEqual({
      confirmPassword: 'Please confirm your password',
    });
  });

  it('needs the terms accepted', () => {
    expect(formErrors(registerFormSchema, { ...validRegistration, acceptTerms: false })).toEqual({
      acceptTerms: 'You must accept the Terms of Service and Privacy Policy',
    });
  });

  it('reports every field of an empty form', () => {
    expect(formErrors(registerFormSchema, { name: '', email: '', password: '', confirmPassword: '', acceptTerms: false })).toEqual({
      name: 'Name is required',
      email: 'Email is required',
      password: 'Password is required',
      confirmPassword: 'Please confirm your password',
      acceptTerms: 'You must accept the Terms of Service and Privacy Policy',
    });
  });
});

describe('settings', () => {
  it('needs name and email in the profile', () => {
    expect(formErrors(updateProfileRequestSchema, { name: '', email: '' })).toEqual({
      name: 'Name is required',
      email: 'Email is required',
    });
  });

  it('needs the current password, a new one under the registration rules, and a matching confirmation', () => {
    expect(formErrors(changePasswordRequestSchema, { currentPassword: '', newPassword: 'abcdef' })).toEqual({
      currentPassword: 'Current password is required',
      newPassword: 'Password must be at least 12 characters long',
    });
    const strong = 'Sunny-Meadow-42!';
    expect(
      formErrors(changePasswordFormSchema, { currentPassword: 'old', newPassword: strong, confirmPassword: `${strong}x` }),
    ).toEqual({ confirmPassword: 'Passwords do not match' });
    expect(changePasswordFormSchema.safeParse({ currentPassword: 'old', newPassword: strong, confirmPassword: strong }).success).toBe(true);
  });
});

describe('refresh', () => {
  it('needs a refresh token', () => {
    expect(formErrors(refreshRequestSchema, {})).toEqual({ refreshToken: 'Refresh token is required' });
  });
});

function registrationError(value: unknown): z.ZodError {
  const result = registerRequestSchema.safeParse(value);
  if (result.success) throw new Error('expected the registration to be rejected');
  return result.error;
}

describe('fieldErrors', () => {
  it('groups messages by dotted path, first message first, "_" for the root', () => {
    expect(Object.keys(fieldErrors(registrationError(null)))).toEqual(['_']);
    expect(fieldErrors(registrationError({ name: '', email: 'x', password: '' })).name?.[0]).toBe('Name is required');
  });
});

describe('validationMessageKey', () => {
  it('finds the key of every spec message and nothing else', () => {
    for (const [key, message] of Object.entries(VALIDATION_MESSAGES)) expect(validationMessageKey(message)).toBe(key);
    expect(validationMessageKey('Something else')).toBeUndefined();
  });
});
