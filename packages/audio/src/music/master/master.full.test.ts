import { MUSIC_DURATIONS } from '@sound-studio/shared';
import { describe, it } from 'vitest';
import { FULL_TESTS, FULL_TIER_TITLE } from '../../testing/tiers.ts';
import { expectMasteredTo } from '../test-support/mastering.ts';

// Mastering two to four minutes takes seconds each: `npm test` masters 30 and 60 s (master.test.ts), the full tier the rest.
describe.skipIf(!FULL_TESTS)(`mastering long tracks${FULL_TIER_TITLE}`, () => {
  it.each(MUSIC_DURATIONS.filter((duration) => duration > 60))('returns exactly %i seconds at -14 LUFS with true peak at most -1 dBTP', (duration) => {
    expectMasteredTo(duration, 44100);
  });
});
