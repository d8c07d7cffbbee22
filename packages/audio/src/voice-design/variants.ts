import type { VoiceAge, VoiceGender } from '../voices/types.ts';
import type { TimbreTrait } from './types.ts';

/**
 * eSpeak NG variants by timbre, read from their definition files: m1 and m4 sit lowest, m1 and f1 are rough, f5 and
 * f2/f3 carry breath noise, m7 and f5 are the brightest, croak and grandpa/grandma flutter like older voices, zac is a
 * child's register, whisper and whisperf are unvoiced. Lists are in order of preference.
 */
const BY_TRAIT: Readonly<Record<'male' | 'female', Readonly<Record<TimbreTrait, readonly string[]>>>> = {
  male: {
    deep: ['m1', 'm4', 'm6'],
    warm: ['m6', 'm2', 'm4'],
    bright: ['m7', 'm3', 'm5'],
    breathy: ['victor', 'm2', 'm6'],
    raspy: ['croak', 'm1', 'travis'],
    whisper: ['whisper'],
    smooth: ['m2', 'm6', 'm3'],
    nasal: ['m5', 'm3'],
  },
  female: {
    deep: ['f4', 'f1', 'f2'],
    warm: ['f2', 'f4', 'f1'],
    bright: ['f5', 'f3', 'f2'],
    breathy: ['f5', 'f2', 'f3'],
    raspy: ['f1', 'f3'],
    whisper: ['whisperf'],
    smooth: ['f4', 'f2', 'f5'],
    nasal: ['f3', 'f1'],
  },
};

const DEFAULTS: Readonly<Record<VoiceGender, readonly string[]>> = {
  male: ['m3', 'm2', 'm6', 'm7', 'm1'],
  female: ['f3', 'f2', 'f4', 'f5', 'f1'],
  neutral: ['Nguyen', 'm3', 'f4', 'f2'],
};

const BY_AGE: Readonly<Partial<Record<VoiceAge, Readonly<Record<VoiceGender, readonly string[]>>>>> = {
  child: { male: ['zac'], female: ['zac'], neutral: ['zac'] },
  senior: { male: ['grandpa', 'croak'], female: ['grandma'], neutral: ['grandpa', 'grandma'] },
};

/** Variants that fit, best first: whisper wins, then age-specific voices, then the asked-for traits, then defaults. */
export function chooseVariant(gender: VoiceGender, age: VoiceAge, traits: readonly TimbreTrait[]): string[] {
  const registers: Array<'male' | 'female'> = gender === 'neutral' ? ['male', 'female'] : [gender];
  const ordered: string[] = [];
  const add = (variants: readonly string[] | undefined): void => {
    for (const variant of variants ?? []) if (!ordered.includes(variant)) ordered.push(variant);
  };
  if (traits.includes('whisper')) registers.forEach((register) => add(BY_TRAIT[register].whisper));
  add(BY_AGE[age]?.[gender]);
  for (const trait of traits) registers.forEach((register) => add(BY_TRAIT[register][trait]));
  add(DEFAULTS[gender]);
  return ordered;
}

/** What a variant sounds like, in one word: the trait that lists it first, or its age register. */
export type VariantCharacter = TimbreTrait | 'aged' | 'child' | 'plain';

/**
 * The character of an eSpeak variant, so candidates can say how their timbres differ: the trait whose list has the
 * variant nearest the front (m4 is "deep", m7 "bright"), else an age register (grandpa "aged", zac "child").
 */
export function variantCharacter(variant: string): VariantCharacter {
  let best: { trait: TimbreTrait; rank: number } | null = null;
  for (const register of ['male', 'female'] as const) {
    for (const [trait, variants] of Object.entries(BY_TRAIT[register]) as [TimbreTrait, readonly string[]][]) {
      const rank = variants.indexOf(variant);
      if (rank !== -1 && (!best || rank < best.rank)) best = { trait, rank };
    }
  }
  if (best && best.rank === 0) return best.trait;
  if (variant === 'zac') return 'child';
  if (['grandpa', 'grandma'].includes(variant)) return 'aged';
  return best?.trait ?? 'plain';
}
