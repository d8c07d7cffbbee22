/**
 * The long checks (every voice and mood, the 240 s render, tempo and key over 20 prompts) live in `*.full.test.ts`
 * files and run only with SOUND_STUDIO_FULL_TESTS=1: `npm run test:full`, and CI's full-tier pass. `npm test` counts
 * them as skipped.
 */
export const FULL_TESTS = process.env.SOUND_STUDIO_FULL_TESTS === '1';

/** Suffix for the title of a full-tier suite, so a skipped one says how to run it. */
export const FULL_TIER_TITLE = FULL_TESTS ? ' [full tier]' : ' [full tier: skipped, set SOUND_STUDIO_FULL_TESTS=1]';
