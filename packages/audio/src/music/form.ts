import type { FormFamily } from './genres.ts';
import type { SectionKind } from './types.ts';

export interface FormSection {
  kind: SectionKind;
  bars: number;
}

type Template = readonly (readonly [SectionKind, number])[];

/** Song forms from short to long; the longest that fits is chosen and then stretched to the exact bar count. */
const TEMPLATES: Record<Exclude<FormFamily, 'blues'>, readonly Template[]> = {
  song: [
    [['intro', 2], ['verse', 4], ['chorus', 4], ['outro', 2]],
    [['intro', 4], ['verse', 8], ['chorus', 8], ['outro', 4]],
    [['intro', 4], ['verse', 8], ['chorus', 8], ['verse', 8], ['chorus', 8], ['outro', 4]],
    [['intro', 4], ['verse', 8], ['preChorus', 4], ['chorus', 8], ['verse', 8], ['preChorus', 4], ['chorus', 8], ['bridge', 8], ['chorus', 8], ['outro', 4]],
    [['intro', 8], ['verse', 8], ['preChorus', 4], ['chorus', 8], ['verse', 8], ['preChorus', 4], ['chorus', 8], ['bridge', 8], ['solo', 8], ['chorus', 8], ['chorus', 8], ['outro', 8]],
    [['intro', 8], ['verse', 8], ['preChorus', 4], ['chorus', 8], ['verse', 8], ['preChorus', 4], ['chorus', 8], ['solo', 8], ['bridge', 8], ['verse', 8], ['preChorus', 4], ['chorus', 8], ['chorus', 8], ['outro', 8]],
  ],
  electronic: [
    [['intro', 2], ['verse', 4], ['chorus', 4], ['outro', 2]],
    [['intro', 4], ['verse', 8], ['chorus', 8], ['outro', 4]],
    [['intro', 8], ['verse', 8], ['chorus', 8], ['breakdown', 8], ['chorus', 8], ['outro', 8]],
    [['intro', 8], ['verse', 8], ['preChorus', 8], ['chorus', 16], ['breakdown', 8], ['preChorus', 8], ['chorus', 16], ['outro', 8]],
    [['intro', 16], ['verse', 16], ['preChorus', 8], ['chorus', 16], ['breakdown', 16], ['preChorus', 8], ['chorus', 16], ['chorus', 8], ['outro', 16]],
  ],
  through: [
    [['intro', 2], ['verse', 4], ['chorus', 4], ['outro', 2]],
    [['intro', 4], ['verse', 8], ['chorus', 8], ['outro', 4]],
    [['intro', 4], ['verse', 8], ['chorus', 8], ['bridge', 8], ['chorus', 8], ['outro', 4]],
    [['intro', 4], ['verse', 8], ['verse', 8], ['chorus', 8], ['bridge', 8], ['breakdown', 4], ['chorus', 8], ['chorus', 8], ['outro', 8]],
    [['intro', 8], ['verse', 8], ['verse', 8], ['chorus', 8], ['bridge', 8], ['breakdown', 8], ['verse', 8], ['chorus', 8], ['chorus', 8], ['outro', 8]],
  ],
};

/** Bars of a section grown first when a template is shorter than the song (later choruses, then verses...). */
const GROWTH_ORDER: readonly SectionKind[] = ['chorus', 'verse', 'solo', 'bridge', 'breakdown', 'intro', 'outro', 'preChorus'];

/** A song form of exactly `totalBars` bars, keeping phrases in multiples of four where the count allows. */
export function buildForm(family: FormFamily, totalBars: number): FormSection[] {
  if (totalBars < 1) throw new Error('A song needs at least one bar');
  if (family === 'blues') return bluesForm(totalBars);
  const templates = TEMPLATES[family];
  const fitting = [...templates].reverse().find((template) => templateBars(template) <= totalBars);
  if (!fitting) return shrink(templates[0] ?? [], totalBars);
  const sections = fitting.map(([kind, bars]) => ({ kind, bars }));
  grow(sections, totalBars - templateBars(fitting));
  return sections;
}

function templateBars(template: Template): number {
  return template.reduce((sum, [, bars]) => sum + bars, 0);
}

/** Spreads extra bars: four-bar phrases onto the growth order (latest sections first), the remainder to the ends. */
function grow(sections: FormSection[], extraBars: number): void {
  let extra = extraBars;
  const order = GROWTH_ORDER.flatMap((kind) =>
    sections.filter((section) => section.kind === kind).reverse(),
  );
  // Cap growth per section so a long song gets more sections' worth of variety rather than one endless chorus.
  for (let round = 0; extra >= 4 && round < 4; round++) {
    for (const section of order) {
      if (extra < 4) break;
      if (section.bars >= 16 && section.kind !== 'chorus') continue;
      section.bars += 4;
      extra -= 4;
    }
  }
  const intro = sections[0];
  const outro = sections[sections.length - 1];
  if (outro && extra > 0) {
    const toOutro = Math.ceil(extra / 2);
    outro.bars += toOutro;
    extra -= toOutro;
  }
  if (intro && extra > 0) intro.bars += extra;
}

/** For very short songs: scale the smallest template down, keeping at least one bar per section. */
function shrink(template: Template, totalBars: number): FormSection[] {
  const kinds = totalBars >= 4 ? template.map(([kind]) => kind) : (['verse'] as SectionKind[]);
  if (kinds.length === 1) return [{ kind: 'verse', bars: totalBars }];
  const ends = totalBars >= 8 ? 2 : 1;
  const middle = totalBars - ends * 2;
  const first = Math.ceil(middle / 2);
  return [
    { kind: 'intro', bars: ends },
    { kind: 'verse', bars: first },
    { kind: 'chorus', bars: middle - first },
    { kind: 'outro', bars: ends },
  ].filter((section) => section.bars > 0) as FormSection[];
}

/** Twelve-bar choruses between a turnaround intro and an outro that takes whatever is left. */
function bluesForm(totalBars: number): FormSection[] {
  if (totalBars < 16) return shrink(TEMPLATES.song[0] ?? [], totalBars);
  const choruses = Math.floor((totalBars - 4) / 12);
  const remainder = totalBars - 4 - choruses * 12;
  const sections: FormSection[] = [{ kind: 'intro', bars: 4 }];
  const kinds: SectionKind[] = ['verse', 'chorus', 'solo', 'verse', 'chorus', 'solo', 'chorus'];
  for (let index = 0; index < choruses; index++) {
    const kind = index === choruses - 1 && choruses > 1 ? 'chorus' : (kinds[index % kinds.length] ?? 'verse');
    sections.push({ kind, bars: 12 });
  }
  if (remainder >= 2) sections.push({ kind: 'outro', bars: remainder });
  else if (remainder === 1) (sections[0] as FormSection).bars += 1;
  return sections;
}
