import { createRandom, hashString, type Random } from './random.ts';
import type { MusicGenre, MusicPlan, MusicMood } from './types.ts';

/** Background gradient (two stops) and an accent, per mood. */
const MOOD_PALETTES: Record<MusicMood, readonly [string, string, string]> = {
  happy: ['#FFD166', '#EF476F', '#FFF3B0'],
  uplifting: ['#56CCF2', '#F2C94C', '#FFFFFF'],
  sad: ['#2C3E50', '#4CA1AF', '#A9CCE3'],
  melancholic: ['#614385', '#516395', '#C9B6E4'],
  calm: ['#A8E6CF', '#3D84A8', '#EAF6F6'],
  dreamy: ['#C471F5', '#FA71CD', '#F8E1FF'],
  energetic: ['#FF512F', '#F09819', '#FFE29A'],
  aggressive: ['#200122', '#6F0000', '#FF3B3B'],
  dark: ['#0F2027', '#2C5364', '#7FDBFF'],
  mysterious: ['#1D2B64', '#5B247A', '#B8A1FF'],
  romantic: ['#DA4453', '#89216B', '#FFC3A0'],
  epic: ['#141E30', '#C04848', '#F3B562'],
  playful: ['#F7971E', '#FFD200', '#7BDFF2'],
  soulful: ['#7F5A83', '#0D324D', '#E0A96D'],
};

const SIZE = 1024;

/**
 * Cover art for a track as a 1024x1024 SVG: a mood gradient, genre shapes and a strip that follows the song's
 * sections (their length and energy). Deterministic in the plan and seed; no text but an escaped <title>.
 */
export function coverArtSvg(plan: MusicPlan, seed: number = plan.seed): string {
  const random = createRandom(hashString(`artwork:${seed >>> 0}:${plan.genre}:${plan.mood}`));
  const [from, to, accent] = MOOD_PALETTES[plan.mood];
  const angle = random.int(0, 359);
  const shapes = GENRE_SHAPES[plan.genre](random, accent);
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}" role="img">`,
    `<title>${escapeXml(`${plan.title} (${plan.genreLabel}, ${plan.mood})`)}</title>`,
    '<defs>',
    `<linearGradient id="bg" gradientTransform="rotate(${angle} 0.5 0.5)"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`,
    '<filter id="soft" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="40"/></filter>',
    '<radialGradient id="glow"><stop offset="0" stop-color="#ffffff" stop-opacity="0.35"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>',
    '</defs>',
    `<rect width="${SIZE}" height="${SIZE}" fill="url(#bg)"/>`,
    `<circle cx="${n(random.range(200, 824))}" cy="${n(random.range(150, 500))}" r="${n(random.range(260, 420))}" fill="url(#glow)"/>`,
    ...shapes,
    sectionStrip(plan, accent),
    '</svg>',
  ];
  return parts.join('');
}

function n(value: number): string {
  return (Math.round(value * 10) / 10).toString();
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (character) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[character] ?? character);
}

/** Bars along the bottom: one per section, width by length, height by energy. */
function sectionStrip(plan: MusicPlan, accent: string): string {
  const left = 96;
  const width = SIZE - left * 2;
  const baseline = SIZE - 110;
  let x = left;
  const bars = plan.sections.map((section) => {
    const w = (section.bars / Math.max(1, plan.totalBars)) * width;
    const h = 24 + section.energy * 120;
    const bar = `<rect x="${n(x + 2)}" y="${n(baseline - h)}" width="${n(Math.max(2, w - 4))}" height="${n(h)}" rx="6" fill="${accent}" fill-opacity="${n(0.35 + section.energy * 0.5)}"/>`;
    x += w;
    return bar;
  });
  return `<g>${bars.join('')}</g>`;
}

type ShapeMaker = (random: Random, accent: string) => string[];

const repeat = <T>(count: number, make: (index: number) => T): T[] => Array.from({ length: count }, (_, index) => make(index));

const GENRE_SHAPES: Record<MusicGenre, ShapeMaker> = {
  jazz: (random, accent) => {
    const cx = random.range(380, 640);
    const cy = random.range(360, 520);
    return [
      ...repeat(7, (index) => `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(300 - index * 38)}" fill="none" stroke="#000000" stroke-opacity="${n(0.18 + index * 0.04)}" stroke-width="${n(18 - index)}"/>`),
      `<circle cx="${n(cx)}" cy="${n(cy)}" r="58" fill="${accent}" fill-opacity="0.9"/>`,
      ...repeat(5, () => `<line x1="${n(random.range(0, 1024))}" y1="0" x2="${n(random.range(0, 1024))}" y2="1024" stroke="${accent}" stroke-opacity="0.25" stroke-width="3"/>`),
    ];
  },
  lofi: (random, accent) => [
    `<circle cx="${n(random.range(400, 624))}" cy="420" r="190" fill="${accent}" fill-opacity="0.85"/>`,
    ...repeat(6, (index) => `<rect x="0" y="${n(470 + index * 34)}" width="1024" height="${n(14 + index * 2)}" fill="#000000" fill-opacity="${n(0.08 + index * 0.05)}"/>`),
    `<rect x="150" y="150" width="724" height="520" rx="24" fill="none" stroke="#ffffff" stroke-opacity="0.35" stroke-width="10"/>`,
    '<line x1="512" y1="150" x2="512" y2="670" stroke="#ffffff" stroke-opacity="0.35" stroke-width="10"/>',
  ],
  pop: (random, accent) =>
    repeat(14, () => `<circle cx="${n(random.range(60, 964))}" cy="${n(random.range(60, 800))}" r="${n(random.range(24, 150))}" fill="${random.chance(0.5) ? accent : '#ffffff'}" fill-opacity="${n(random.range(0.25, 0.75))}"/>`),
  rock: (random, accent) => {
    const x = random.range(380, 640);
    const bolt = `M${n(x)} 120 L${n(x - 150)} 520 L${n(x - 20)} 520 L${n(x - 110)} 900 L${n(x + 170)} 420 L${n(x + 30)} 420 L${n(x + 120)} 120 Z`;
    return [`<path d="${bolt}" fill="${accent}" fill-opacity="0.9" stroke="#000000" stroke-opacity="0.4" stroke-width="8"/>`,
      ...repeat(4, (index) => `<rect x="${n(60 + index * 240)}" y="${n(random.range(60, 140))}" width="18" height="${n(random.range(120, 300))}" fill="#ffffff" fill-opacity="0.3"/>`)];
  },
  electronic: (random, accent) => [
    ...repeat(24, (index) => {
      const height = random.range(60, 520);
      return `<rect x="${n(80 + index * 36)}" y="${n(780 - height)}" width="24" height="${n(height)}" rx="4" fill="${accent}" fill-opacity="${n(random.range(0.45, 0.9))}"/>`;
    }),
    ...repeat(8, (index) => `<line x1="0" y1="${n(120 + index * 60)}" x2="1024" y2="${n(120 + index * 60 + random.range(-60, 60))}" stroke="#ffffff" stroke-opacity="0.15" stroke-width="2"/>`),
  ],
  hiphop: (random, accent) =>
    repeat(9, (index) => `<rect x="${n(random.range(40, 700))}" y="${n(80 + index * 80)}" width="${n(random.range(160, 420))}" height="${n(random.range(40, 90))}" fill="${index % 3 === 0 ? accent : '#000000'}" fill-opacity="${n(index % 3 === 0 ? 0.85 : 0.35)}" transform="rotate(${n(random.range(-8, 8))} 512 512)"/>`),
  classical: (random, accent) =>
    repeat(7, (index) => {
      const y = 200 + index * 80;
      return `<path d="M60 ${n(y)} C ${n(random.range(200, 400))} ${n(y - 180)}, ${n(random.range(600, 800))} ${n(y + 180)}, 964 ${n(y)}" fill="none" stroke="${index % 2 === 0 ? accent : '#ffffff'}" stroke-opacity="0.55" stroke-width="${n(3 + index)}"/>`;
    }),
  cinematic: (random, accent) => {
    const peaks = repeat(6, (index) => `${n(index * 205)} ${n(random.range(420, 640))}`).join(' L');
    return [
      `<circle cx="${n(random.range(300, 724))}" cy="380" r="160" fill="${accent}" fill-opacity="0.8"/>`,
      `<path d="M0 1024 L${peaks} L1024 1024 Z" fill="#000000" fill-opacity="0.55"/>`,
      `<path d="M0 1024 L0 760 L260 620 L520 740 L780 600 L1024 720 L1024 1024 Z" fill="#000000" fill-opacity="0.35"/>`,
    ];
  },
  ambient: (random, accent) => [
    ...repeat(5, () => `<circle cx="${n(random.range(100, 924))}" cy="${n(random.range(100, 800))}" r="${n(random.range(120, 260))}" fill="${random.chance(0.5) ? accent : '#ffffff'}" fill-opacity="0.45" filter="url(#soft)"/>`),
    ...repeat(4, (index) => `<path d="M0 ${n(560 + index * 60)} Q 256 ${n(500 + index * 60)} 512 ${n(560 + index * 60)} T 1024 ${n(560 + index * 60)}" fill="none" stroke="#ffffff" stroke-opacity="0.3" stroke-width="4"/>`),
  ],
  folk: (random, accent) => [
    `<circle cx="${n(random.range(200, 824))}" cy="260" r="110" fill="${accent}" fill-opacity="0.85"/>`,
    ...repeat(7, () => {
      const x = random.range(40, 984);
      const height = random.range(220, 420);
      return `<path d="M${n(x)} ${n(820 - height)} L${n(x - 90)} 820 L${n(x + 90)} 820 Z" fill="#1b3b2f" fill-opacity="0.7"/>`;
    }),
  ],
  funk: (random, accent) =>
    repeat(8, (index) => {
      const y = 120 + index * 90;
      return `<path d="M0 ${n(y)} Q 256 ${n(y - 70)} 512 ${n(y)} T 1024 ${n(y)}" fill="none" stroke="${index % 2 === 0 ? accent : '#ffffff'}" stroke-opacity="0.7" stroke-width="${n(random.range(16, 34))}"/>`;
    }),
  latin: (random, accent) => {
    const cx = 512;
    const cy = random.range(400, 560);
    return [
      ...repeat(16, (index) => {
        const angle = (index / 16) * Math.PI * 2;
        return `<path d="M${cx} ${n(cy)} L${n(cx + Math.cos(angle) * 900)} ${n(cy + Math.sin(angle) * 900)} L${n(cx + Math.cos(angle + 0.15) * 900)} ${n(cy + Math.sin(angle + 0.15) * 900)} Z" fill="${index % 2 === 0 ? accent : '#ffffff'}" fill-opacity="0.3"/>`;
      }),
      `<circle cx="${cx}" cy="${n(cy)}" r="120" fill="${accent}" fill-opacity="0.9"/>`,
    ];
  },
  blues: (random, accent) =>
    repeat(10, (index) => {
      const y = 140 + index * 70;
      const amplitude = random.range(20, 60);
      return `<path d="M0 ${n(y)} C 200 ${n(y - amplitude)}, 300 ${n(y + amplitude)}, 512 ${n(y)} S 824 ${n(y - amplitude)}, 1024 ${n(y)}" fill="none" stroke="${index % 3 === 0 ? accent : '#9fc5ff'}" stroke-opacity="0.5" stroke-width="6"/>`;
    }),
  reggae: (random) => [
    ...['#E53935', '#FDD835', '#43A047'].map((color, index) => `<rect x="0" y="${n(300 + index * 130)}" width="1024" height="120" fill="${color}" fill-opacity="0.75"/>`),
    `<circle cx="${n(random.range(300, 724))}" cy="220" r="120" fill="#FDD835" fill-opacity="0.85"/>`,
  ],
  metal: (random, accent) =>
    repeat(12, () => {
      const x = random.range(0, 1024);
      const y = random.range(0, 1024);
      return `<path d="M${n(x)} ${n(y)} L${n(x + random.range(-260, 260))} ${n(y + random.range(-260, 260))} L${n(x + random.range(-120, 120))} ${n(y + random.range(-320, 320))} Z" fill="${random.chance(0.3) ? accent : '#000000'}" fill-opacity="${n(random.range(0.3, 0.8))}" stroke="#ffffff" stroke-opacity="0.15"/>`;
    }),
};
