import { describe, expect, it } from 'vitest';
import { nameSchema } from './name.ts';

function firstMessage(input: unknown): string | undefined {
  const result = nameSchema.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('nameSchema', () => {
  it.each(['Ada Lovelace', 'Şükrü Öztürk', 'İlkay Gündoğan', 'Çağla Işık', "O'Brien", 'Jean-Luc Picard', 'Zoë', 'Al', 'J. R. R. Tolkien', 'Dr. Ada Lovelace', 'Martin Luther King Jr.'])('accepts %j', (name) => {
    expect(nameSchema.parse(name)).toBe(name);
  });

  it('trims and collapses spaces', () => {
    expect(nameSchema.parse('  Ada    Lovelace ')).toBe('Ada Lovelace');
  });

  it.each([
    [undefined, 'Name is required'],
    ['', 'Name is required'],
    ['    ', 'Name is required'],
    ['A', 'Name must be at least 2 characters long'],
    [' Ş ', 'Name must be at least 2 characters long'],
    ['A'.repeat(51), 'Name is too long'],
    ['Ada 2', 'Name contains invalid characters'],
    ['Ada_Lovelace', 'Name contains invalid characters'],
    ['<script>', 'Name contains invalid characters'],
    ['ada@example.com', 'Name contains invalid characters'],
    ['..', 'Name contains invalid characters'],
    ["-'.", 'Name contains invalid characters'],
  ])('%j: %s', (input, message) => {
    expect(firstMessage(input)).toBe(message);
  });

  it('allows exactly 50 characters', () => {
    expect(nameSchema.safeParse('A'.repeat(50)).success).toBe(true);
  });
});
