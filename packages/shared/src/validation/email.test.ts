import { describe, expect, it } from 'vitest';
import { emailSchema, isValidEmailFormat, normalizeEmail } from './email.ts';

function firstMessage(input: unknown): string | undefined {
  const result = emailSchema.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('normalizeEmail', () => {
  it.each([
    ['  Ada@Example.com  ', 'ada@example.com'],
    ['<ada@example.com>', 'ada@example.com'],
    ['"ada"@example.com', 'ada@example.com'],
    ["'ada'@example.com", 'ada@example.com'],
    ['`ada`@example.com', 'ada@example.com'],
    ['javascript:ada@example.com', 'ada@example.com'],
    ['JavaScript : ada@example.com', 'ada@example.com'],
    ['vbscript:ada@example.com', 'ada@example.com'],
    ['onerror=ada@example.com', 'ada@example.com'],
    ['ONLOAD = ada@example.com', 'ada@example.com'],
    ['<script>ada@example.com', 'scriptada@example.com'],
    ['ADA.LOVELACE@EXAMPLE.COM', 'ada.lovelace@example.com'],
  ])('%j becomes %j', (raw, normalized) => {
    expect(normalizeEmail(raw)).toBe(normalized);
  });
});

describe('emailSchema', () => {
  it('returns the normalised email', () => {
    expect(emailSchema.parse('  <Ada@Example.COM> ')).toBe('ada@example.com');
  });

  it.each([undefined, null, 42, '', '   ', '<>', '""'])('says "Email is required" for %j', (input) => {
    expect(firstMessage(input)).toBe('Email is required');
  });

  it('allows 254 characters and says "Email is too long" above', () => {
    const at254 = `${'a'.repeat(249)}@x.io`;
    expect(at254).toHaveLength(254);
    expect(emailSchema.safeParse(at254).success).toBe(true);
    expect(firstMessage(`a${at254}`)).toBe('Email is too long');
  });

  it.each(['plainaddress', 'ada@example', 'ada@@example.com', 'ada lovelace@example.com', '@example.com', 'ada@', 'ada@example..com', 'ada@.com'])(
    'says "Invalid email format" for %j',
    (input) => {
      expect(firstMessage(input)).toBe('Invalid email format');
    },
  );

  it.each(['a@b.co', 'first.last+tag@sub.example.co.uk', 'şule@örnek.com.tr'])('accepts %j', (input) => {
    expect(isValidEmailFormat(input)).toBe(true);
    expect(emailSchema.safeParse(input).success).toBe(true);
  });
});
