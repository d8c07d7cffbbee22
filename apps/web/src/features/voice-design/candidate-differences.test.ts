import { describe, expect, it } from 'vitest';
import { candidateDifferences } from './candidate-differences.ts';

describe('candidateDifferences', () => {
  it('describes pitch, pace and timbre against the other candidates', () => {
    const differences = candidateDifferences([
      { pitch: 0.2, rate: 1, variant: 'f2', timbre: 'warm' },
      { pitch: 0.45, rate: 1.12, variant: 'f4', timbre: 'deep' },
      { pitch: -0.05, rate: 0.88, variant: 'f2', timbre: 'warm' },
    ]);
    expect(differences).toEqual([
      { pitch: 'middle', pace: 'even', timbre: 1, character: 'warm' },
      { pitch: 'higher', pace: 'faster', timbre: 2, character: 'deep' },
      { pitch: 'lower', pace: 'slower', timbre: 1, character: 'warm' },
    ]);
  });

  it('calls small steps slight', () => {
    const [first, second] = candidateDifferences([
      { pitch: 0.06, rate: 1.04, variant: 'm1' },
      { pitch: -0.06, rate: 0.96, variant: 'm3' },
    ]);
    expect(first).toEqual({ pitch: 'slightlyHigher', pace: 'slightlyFaster', timbre: 1, character: null });
    expect(second).toEqual({ pitch: 'slightlyLower', pace: 'slightlySlower', timbre: 2, character: null });
  });
});
