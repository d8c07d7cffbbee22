import { describe, expect, it } from 'vitest';
import { formatCreditsShort, isCurrentPlan } from './plans.ts';

const free = { name: 'free', displayName: 'Free Plan' } as const;
const creator = { name: 'creator', displayName: 'Creator' } as const;

describe('isCurrentPlan', () => {
  it.each(['Free Plan', 'Free', 'free', ' FREE PLAN '])('matches %j to the free plan', (label) => {
    expect(isCurrentPlan(label, free)).toBe(true);
    expect(isCurrentPlan(label, creator)).toBe(false);
  });

  it('matches by name or display name, ignoring case', () => {
    expect(isCurrentPlan('Creator', creator)).toBe(true);
    expect(isCurrentPlan('creator', creator)).toBe(true);
    expect(isCurrentPlan('Pro', creator)).toBe(false);
  });

  it('keeps "Free Plan" on the free plan after a rename', () => {
    expect(isCurrentPlan('Free Plan', { name: 'free', displayName: 'Free Forever' })).toBe(true);
  });
});

describe('formatCreditsShort', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1K'],
    [1500, '1.5K'],
    [10_000, '10K'],
    [30_000, '30K'],
    [999_949, '999.9K'],
    [999_950, '1M'],
    [999_999, '1M'],
    [1_000_000, '1M'],
    [1_049_999, '1M'],
    [1_500_000, '1.5M'],
    [2_000_000, '2M'],
  ])('%i => %s', (credits, text) => {
    expect(formatCreditsShort(credits)).toBe(text);
  });
});
