/** FNV-1a: a small, stable string hash so the same id always draws the same avatar. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (const unit of new TextEncoder().encode(text)) {
    hash ^= unit;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** Mulberry32: a seeded generator returning numbers in [0, 1). */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SIZE = 256;

function round(value: number): number {
  return Math.round(value * 10) / 10;
}

/**
 * A deterministic avatar for a voice: a two-colour gradient, soft light blobs and a voice-wave motif, all derived from
 * the id. Gradient ids carry the hash so several avatars can sit inline in one page.
 */
export function voiceArtworkSvg(voiceId: string): string {
  const hash = hashString(voiceId);
  const random = seededRandom(hash);
  const suffix = hash.toString(36);
  const hue = Math.floor(random() * 360);
  const secondHue = (hue + 40 + Math.floor(random() * 80)) % 360;
  const angle = Math.floor(random() * 360);
  const blobs = Array.from({ length: 3 }, () => ({
    cx: round(random() * SIZE),
    cy: round(random() * SIZE),
    r: round(50 + random() * 70),
    opacity: round(0.12 + random() * 0.2),
  }));
  const barCount = 5 + Math.floor(random() * 3) * 2;
  const barWidth = 12;
  const gap = 8;
  const startX = (SIZE - (barCount * barWidth + (barCount - 1) * gap)) / 2;
  const bars = Array.from({ length: barCount }, (_unused, index) => {
    const centreWeight = 1 - Math.abs(index - (barCount - 1) / 2) / barCount;
    const height = round(28 + (40 + random() * 60) * centreWeight);
    return { x: round(startX + index * (barWidth + gap)), y: round((SIZE - height) / 2), height };
  });
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${SIZE} ${SIZE}" width="${SIZE}" height="${SIZE}" role="img" aria-label="Voice avatar">`,
    `<defs><linearGradient id="bg-${suffix}" gradientTransform="rotate(${angle} 0.5 0.5)">`,
    `<stop offset="0" stop-color="hsl(${hue} 72% 58%)"/><stop offset="1" stop-color="hsl(${secondHue} 68% 46%)"/>`,
    `</linearGradient></defs>`,
    `<rect width="${SIZE}" height="${SIZE}" fill="url(#bg-${suffix})"/>`,
    ...blobs.map((blob) => `<circle cx="${blob.cx}" cy="${blob.cy}" r="${blob.r}" fill="#fff" fill-opacity="${blob.opacity}"/>`),
    ...bars.map(
      (bar) => `<rect x="${bar.x}" y="${bar.y}" width="${barWidth}" height="${bar.height}" rx="6" fill="#fff" fill-opacity="0.9"/>`,
    ),
    '</svg>',
  ].join('');
}

export function voiceArtworkDataUri(voiceId: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(voiceArtworkSvg(voiceId))}`;
}
