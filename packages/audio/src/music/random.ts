/** A small seeded PRNG so that every take can be reproduced from its seed. */
export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [min, max] inclusive. */
  int(min: number, max: number): number;
  /** Uniform in [min, max). */
  range(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Picks by weight; weights need not sum to one. */
  weighted<T>(items: readonly (readonly [T, number])[]): T;
  /** Roughly normal (sum of uniforms), mean 0 and the given standard deviation. */
  gaussian(deviation: number): number;
  /** An independent stream derived from this seed and a label, so adding a part never shifts the others. */
  fork(label: string): Random;
  readonly seed: number;
}

/** 32-bit FNV-1a hash, used to turn labels and prompts into seeds. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** A fresh random seed for a new take (not reproducible by design). */
export function newSeed(): number {
  return Math.floor(Math.random() * 0x1_0000_0000) >>> 0;
}

/** mulberry32: fast, 32-bit state, good enough statistical quality for musical choices. */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 0x1_0000_0000;
  };
  const random: Random = {
    seed: seed >>> 0,
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    range: (min, max) => min + next() * (max - min),
    chance: (probability) => next() < probability,
    pick: (items) => {
      if (items.length === 0) throw new Error('Cannot pick from an empty list');
      return items[Math.floor(next() * items.length)] as (typeof items)[number];
    },
    weighted: (items) => {
      const total = items.reduce((sum, [, weight]) => sum + Math.max(0, weight), 0);
      let target = next() * total;
      for (const [item, weight] of items) {
        target -= Math.max(0, weight);
        if (target < 0) return item;
      }
      const last = items[items.length - 1];
      if (!last) throw new Error('Cannot pick from an empty list');
      return last[0];
    },
    gaussian: (deviation) => (next() + next() + next() + next() - 2) * deviation * Math.sqrt(3),
    fork: (label) => createRandom(hashString(`${seed >>> 0}:${label}`)),
  };
  return random;
}
