import { describe, expect, it } from 'vitest';
import { sameBytesOtherText } from '../../test/encodings.ts';
import { signatureMatches } from './signature-match.ts';

describe('signatureMatches', () => {
  // 0xfb 0xff encode to '-' and '_' in base64url, '+' and '/' in standard base64.
  const expected = Buffer.concat([Buffer.from([0xfb, 0xff, 0xbf]), Buffer.alloc(29, 7)]);
  const canonical = expected.toString('base64url');

  it('accepts the canonical encoding and refuses other bytes', () => {
    expect(canonical).toMatch(/[-_]/);
    expect(signatureMatches(canonical, expected)).toBe(true);
    expect(signatureMatches(Buffer.alloc(32, 7).toString('base64url'), expected)).toBe(false);
    expect(signatureMatches('', expected)).toBe(false);
  });

  it('refuses every other text of the same bytes', () => {
    const variants = sameBytesOtherText(canonical);
    expect(variants).toHaveLength(4);
    for (const variant of variants) {
      expect(Buffer.from(variant, 'base64url').equals(expected), variant).toBe(true);
      expect(signatureMatches(variant, expected), variant).toBe(false);
    }
  });
});
