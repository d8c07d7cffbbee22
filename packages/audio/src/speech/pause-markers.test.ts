import { describe, expect, it } from 'vitest';
import { splitAtPauseMarkers } from './pause-markers.ts';

describe('splitAtPauseMarkers', () => {
  it('splits text at <#seconds#> markers', () => {
    expect(splitAtPauseMarkers('Hello.<#0.5#>World. <# 2 #> Bye.')).toEqual([
      { kind: 'text', text: 'Hello.' },
      { kind: 'pause', seconds: 0.5 },
      { kind: 'text', text: 'World. ' },
      { kind: 'pause', seconds: 2 },
      { kind: 'text', text: ' Bye.' },
    ]);
  });

  it('clamps pauses to 0.01–10 s and merges adjacent ones', () => {
    expect(splitAtPauseMarkers('a<#0.001#>b<#25#>c')).toEqual([
      { kind: 'text', text: 'a' },
      { kind: 'pause', seconds: 0.01 },
      { kind: 'text', text: 'b' },
      { kind: 'pause', seconds: 10 },
      { kind: 'text', text: 'c' },
    ]);
    expect(splitAtPauseMarkers('a<#1#> <#2#>b')).toEqual([
      { kind: 'text', text: 'a' },
      { kind: 'pause', seconds: 3 },
      { kind: 'text', text: 'b' },
    ]);
  });

  it('leaves malformed markers as text', () => {
    expect(splitAtPauseMarkers('a <#x#> b')).toEqual([{ kind: 'text', text: 'a <#x#> b' }]);
  });
});
