import { describe, expect, it } from 'vitest';
import { variantCharacter } from './variants.ts';

describe('variantCharacter', () => {
  it('names a variant by the trait that prefers it first, else its age register', () => {
    expect(variantCharacter('m1')).toBe('deep');
    expect(variantCharacter('m7')).toBe('bright');
    expect(variantCharacter('f2')).toBe('warm');
    expect(variantCharacter('whisperf')).toBe('whisper');
    expect(variantCharacter('grandpa')).toBe('aged');
    expect(variantCharacter('zac')).toBe('child');
    expect(variantCharacter('m3')).toBe('bright');
    expect(variantCharacter('Nguyen')).toBe('plain');
  });
});
