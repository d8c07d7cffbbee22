import { describe, expect, it } from 'vitest';
import {
  isTooWeak,
  loginPasswordSchema,
  newPasswordSchema,
  passwordStrength,
  registrationPasswordProblem,
  registrationPasswordSchema,
} from './password.ts';

function firstMessage(schema: { safeParse(input: unknown): { success: boolean; error?: { issues: { message: string }[] } } }, input: unknown) {
  const result = schema.safeParse(input);
  return result.success ? undefined : result.error?.issues[0]?.message;
}

describe('registration password', () => {
  it('requires a password', () => {
    expect(firstMessage(registrationPasswordSchema, undefined)).toBe('Password is required');
  });

  it.each([
    ['', 'Password is required'],
    ['Ab1!defghij', 'Password must be at least 12 characters long'],
    ['lowercase-only-42!', 'Password must contain at least one uppercase letter'],
    ['UPPERCASE-ONLY-42!', 'Password must contain at least one lowercase letter'],
    ['No-Digits-Anywhere!', 'Password must contain at least one number'],
    ['NoSpecialChar42x', 'Password must contain at least one special character'],
    ['Sunnny-Meadow-4!', 'Password is too weak. Please choose a stronger password.'],
    ['Xy-123456-Zq!w', 'Password is too weak. Please choose a stronger password.'],
    ['My-Password-42!', 'Password is too weak. Please choose a stronger password.'],
    ['Qwerty-Lamp-42!', 'Password is too weak. Please choose a stronger password.'],
  ])('%j: %s', (input, message) => {
    expect(firstMessage(registrationPasswordSchema, input)).toBe(message);
    expect(registrationPasswordProblem(input)).toBe(message);
  });

  it.each(['Sunny-Meadow-42!', 'Abc-Def-Ghi-1', 'Şifre-Güçlü-2024', 'correct Horse 9 battery!'])('accepts %j', (input) => {
    expect(registrationPasswordProblem(input)).toBeNull();
    expect(registrationPasswordSchema.safeParse(input).success).toBe(true);
  });
});

describe('isTooWeak', () => {
  it.each([
    ['three identical characters', 'Abc-xxx-Def-1'],
    ['123456', 'Abc-123456-Def'],
    ['password (any case)', 'MyPaSsWoRd-1!'],
    ['qwerty (any case)', 'QWERTY-lamp-1!'],
    ['only letters', 'abcdefghijklmn'],
    ['only letters (Turkish)', 'ŞükrüÖztürkİlkay'],
    ['only digits', '2468013579'],
  ])('catches %s', (_rule, password) => {
    expect(isTooWeak(password)).toBe(true);
  });

  it('lets a mixed password through', () => {
    expect(isTooWeak('Sunny-Meadow-42!')).toBe(false);
    expect(isTooWeak('aa-bb-11')).toBe(false);
  });
});

describe('login and settings passwords', () => {
  it('login needs any non-empty password', () => {
    expect(firstMessage(loginPasswordSchema, '')).toBe('Password is required');
    expect(firstMessage(loginPasswordSchema, undefined)).toBe('Password is required');
    expect(loginPasswordSchema.parse('x')).toBe('x');
  });

  it('a new password in settings or from a reset link follows the registration rules', () => {
    expect(firstMessage(newPasswordSchema, '')).toBe('Password is required');
    expect(firstMessage(newPasswordSchema, 'abcdef')).toBe('Password must be at least 12 characters long');
    expect(firstMessage(newPasswordSchema, 'abcdefghijkl')).toBe('Password must contain at least one uppercase letter');
    expect(newPasswordSchema.parse('Sunny-Meadow-42!')).toBe('Sunny-Meadow-42!');
  });
});

describe('passwordStrength', () => {
  it.each([
    ['', 0, 'Very Weak'],
    ['abc', 0, 'Very Weak'],
    ['Aa1!', 0, 'Very Weak'],
    ['abcdefghijkl', 0, 'Very Weak'],
    ['Password123!Password', 0, 'Very Weak'],
    ['Abcdefgh1', 1, 'Weak'],
    ['Abcdefgh1!', 2, 'Fair'],
    ['Abcdefgh1!xy', 3, 'Good'],
    ['Abcdefgh1!xyzwvu', 4, 'Strong'],
  ])('%j scores %i (%s)', (password, score, label) => {
    expect(passwordStrength(password)).toEqual({ score, label });
  });
});
