import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CREDIT_RATES, planSchema, type Plan } from '@sound-studio/shared';
import type { DatabaseHandle } from '../../db/client.ts';
import { seedPlans } from '../../db/plan-seeds.ts';
import { dataOf, openTestDatabase, TestApp } from '../../../test/harness.ts';

let database: DatabaseHandle;
let t: TestApp;
let plans: Plan[];

beforeAll(async () => {
  database = await openTestDatabase();
  t = await TestApp.start({ database });
  plans = dataOf<Plan[]>(await t.request({ url: '/api/auth/plans' }));
});

afterAll(async () => {
  await t?.close();
  await database?.close();
});

function plan(name: Plan['name']): Plan {
  const found = plans.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`plan ${name} missing`);
  return found;
}

describe('GET /api/auth/plans', () => {
  it('lists the five tiers in display order, each a complete Plan, without signing in', () => {
    expect(plans.map((candidate) => candidate.name)).toEqual(['free', 'starter', 'creator', 'pro', 'enterprise']);
    expect(plans.map((candidate) => candidate.display.order)).toEqual([1, 2, 3, 4, 5]);
    for (const candidate of plans) {
      expect(planSchema.parse(candidate)).toEqual(candidate);
      expect(candidate.status).toBe('active');
      expect(candidate.credits.rates).toEqual(DEFAULT_CREDIT_RATES);
    }
  });

  it('prices in USD with yearly = 12 x monthly less 20%', () => {
    expect(plans.map((candidate) => [candidate.displayName, candidate.pricing.monthly.amount, candidate.pricing.yearly.amount])).toEqual([
      ['Free Plan', 0, 0],
      ['Starter', 5, 48],
      ['Creator', 22, 211.2],
      ['Pro', 99, 950.4],
      ['Enterprise', 330, 3168],
    ]);
    for (const candidate of plans) {
      expect(candidate.pricing.currency).toBe('USD');
      expect(candidate.pricing.yearly.discount).toBe(20);
    }
  });

  it('grants credits and voice slots per tier', () => {
    expect(plans.map((candidate) => candidate.credits.monthly)).toEqual([10_000, 30_000, 100_000, 500_000, 2_000_000]);
    expect(plans.map((candidate) => candidate.limits.customVoices)).toEqual([3, 10, 30, 160, 660]);
  });

  it('follows the FAQ: API access from Starter, commercial use from Starter, Free is personal only', () => {
    expect(plan('free').features).toMatchObject({ apiAccess: false, commercialLicense: false });
    for (const name of ['starter', 'creator', 'pro', 'enterprise'] as const) {
      expect(plan(name).features).toMatchObject({ apiAccess: true, commercialLicense: true });
    }
    for (const candidate of plans) {
      expect(candidate.features).toMatchObject({ textToSpeech: true, musicGeneration: true, voiceCloning: true, voiceIsolator: true });
    }
  });

  it('marks Creator as the popular plan', () => {
    expect(plans.filter((candidate) => candidate.display.popular).map((candidate) => candidate.name)).toEqual(['creator']);
  });

  it('seeds idempotently', async () => {
    await seedPlans(t.db);
    expect(dataOf<Plan[]>(await t.request({ url: '/api/auth/plans' }))).toEqual(plans);
  });
});
