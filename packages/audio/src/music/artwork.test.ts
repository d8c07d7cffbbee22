import { describe, expect, it } from 'vitest';
import { coverArtSvg } from './artwork.ts';
import { GENRE_PROFILES } from './genres.ts';
import { planFromPrompt } from './plan.ts';
import { MUSIC_GENRES } from './types.ts';

/** A small well-formedness check: balanced tags, quoted attributes, escaped text, one root element. */
function assertWellFormedXml(xml: string): void {
  const stack: string[] = [];
  const unescapedTexts: string[] = [];
  const misnestedClosings: string[] = [];
  let roots = 0;
  const tag = /<(\/?)([A-Za-z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>|([^<]+)/gy;
  let match: RegExpExecArray | null;
  let consumed = 0;
  while ((match = tag.exec(xml)) !== null) {
    consumed = tag.lastIndex;
    const [, closing, name, , selfClosing, text] = match;
    if (text !== undefined) {
      if (/&(?!(lt|gt|amp|apos|quot);)/.test(text)) unescapedTexts.push(text);
      continue;
    }
    if (stack.length === 0 && !closing) roots++;
    if (!closing) {
      if (!selfClosing) stack.push(name ?? '');
      continue;
    }
    const opened = stack.pop();
    if (opened !== name) misnestedClosings.push(`</${name}> closes <${opened}>`);
  }
  expect(unescapedTexts, 'text with a bare &').toEqual([]);
  expect(misnestedClosings).toEqual([]);
  expect(consumed, 'every character belongs to a tag or text').toBe(xml.length);
  expect(stack).toEqual([]);
  expect(roots).toBe(1);
}

describe('cover art', () => {
  it.each(MUSIC_GENRES)('draws a valid 1024x1024 SVG for %s', (genre) => {
    const plan = planFromPrompt(`${GENRE_PROFILES[genre].label} music`, { durationSeconds: 60, seed: 3 });
    const svg = coverArtSvg(plan, plan.seed);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="1024"')).toBe(true);
    expect(svg).not.toMatch(/NaN|undefined|Infinity/);
    assertWellFormedXml(svg);
  });

  it('is deterministic in plan and seed, and differs between seeds and moods', () => {
    const plan = planFromPrompt('happy pop', { durationSeconds: 60, seed: 3 });
    expect(coverArtSvg(plan, 3)).toBe(coverArtSvg(plan, 3));
    expect(coverArtSvg(plan, 4)).not.toBe(coverArtSvg(plan, 3));
    const dark = planFromPrompt('dark pop', { durationSeconds: 60, seed: 3 });
    expect(coverArtSvg(dark, 3)).not.toBe(coverArtSvg(plan, 3));
    expect(coverArtSvg(plan, 3)).toContain('#FFD166');
  });

  it('escapes the title', () => {
    const plan = { ...planFromPrompt('pop', { durationSeconds: 30, seed: 1 }), title: 'Rock & <Roll> "Live"' };
    const svg = coverArtSvg(plan, 1);
    expect(svg).toContain('Rock &amp; &lt;Roll&gt; &quot;Live&quot;');
    assertWellFormedXml(svg);
  });
});
