import { Parser } from 'htmlparser2';

/*
 * A small SVG rasteriser for the shapes our generated cover art is made of: rect (with a rotate transform), circle,
 * line and path (M/L/H/V/C/S/Q/T/Z, absolute), filled with colours or with linear and radial gradients, stroked with a
 * width, with opacity. Anything else (text, images, filters, other transforms) is skipped: the picture stays
 * recognisable, and nothing in an SVG can make this code fetch, run or include anything. Shapes are drawn at twice the
 * output size and averaged down, which smooths their edges.
 */

type Rgba = readonly [number, number, number, number];
interface Stop {
  offset: number;
  color: Rgba;
}
interface Gradient {
  kind: 'linear' | 'radial';
  stops: Stop[];
  /** Degrees of a `rotate(a 0.5 0.5)` gradientTransform (linear only). */
  rotation: number;
}
interface Element {
  name: string;
  attributes: Record<string, string>;
}
interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}
type Paint = { kind: 'color'; color: Rgba } | { kind: 'gradient'; gradient: Gradient; box: Box };

const SUPERSAMPLE = 2;
const CURVE_STEPS = 16;
const NAMED_COLORS: Record<string, Rgba> = { white: [255, 255, 255, 1], black: [0, 0, 0, 1], transparent: [0, 0, 0, 0] };
const SKIPPED_CONTAINERS = new Set(['defs', 'title', 'desc', 'metadata', 'filter', 'clipPath', 'mask', 'pattern', 'symbol', 'text', 'style', 'script']);

function parseColor(value: string | undefined): Rgba | null {
  if (!value) return null;
  const text = value.trim().toLowerCase();
  const named = NAMED_COLORS[text];
  if (named) return named;
  const long = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/.exec(text);
  if (long) return [parseInt(long[1] ?? '0', 16), parseInt(long[2] ?? '0', 16), parseInt(long[3] ?? '0', 16), 1];
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/.exec(text);
  if (short) return [parseInt(`${short[1]}${short[1]}`, 16), parseInt(`${short[2]}${short[2]}`, 16), parseInt(`${short[3]}${short[3]}`, 16), 1];
  const rgb = /^rgba?\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*(?:,\s*([\d.]+)\s*)?\)$/.exec(text);
  if (rgb) return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3]), rgb[4] === undefined ? 1 : Number(rgb[4])];
  return null;
}

function num(value: string | undefined, fallback = 0): number {
  if (value === undefined) return fallback;
  const parsed = Number.parseFloat(value);
  return Number.isFinite(parsed) ? parsed : fallback;
}

function unit(value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const parsed = Number.parseFloat(value);
  if (!Number.isFinite(parsed)) return fallback;
  return value.trim().endsWith('%') ? parsed / 100 : parsed;
}

function clamp01(value: number): number {
  return value < 0 ? 0 : value > 1 ? 1 : value;
}

/** Reads the document into drawable elements (in paint order) and the gradients they may refer to. */
function parseSvg(svg: string): { viewBox: Box; elements: Element[]; gradients: Map<string, Gradient> } {
  const elements: Element[] = [];
  const gradients = new Map<string, Gradient>();
  let viewBox: Box = { x0: 0, y0: 0, x1: 100, y1: 100 };
  let skipDepth = 0;
  let currentGradient: Gradient | null = null;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'svg' && elements.length === 0 && gradients.size === 0) {
          const box = (attributes.viewBox ?? '').split(/[\s,]+/).map(Number);
          const [x, y, w, h] = box;
          if (box.length === 4 && box.every(Number.isFinite) && w && h) viewBox = { x0: x ?? 0, y0: y ?? 0, x1: (x ?? 0) + w, y1: (y ?? 0) + h };
          else viewBox = { x0: 0, y0: 0, x1: num(attributes.width, 100), y1: num(attributes.height, 100) };
          return;
        }
        if (name === 'linearGradient' || name === 'radialGradient') {
          const rotation = /rotate\(\s*(-?[\d.]+)/.exec(attributes.gradientTransform ?? '');
          currentGradient = { kind: name === 'linearGradient' ? 'linear' : 'radial', stops: [], rotation: rotation ? Number(rotation[1]) : 0 };
          if (attributes.id) gradients.set(attributes.id, currentGradient);
          return;
        }
        if (name === 'stop' && currentGradient) {
          const color = parseColor(attributes['stop-color']) ?? [0, 0, 0, 1];
          const opacity = num(attributes['stop-opacity'], 1);
          currentGradient.stops.push({ offset: clamp01(unit(attributes.offset, 0)), color: [color[0], color[1], color[2], color[3] * opacity] });
          return;
        }
        if (skipDepth > 0 || SKIPPED_CONTAINERS.has(name)) {
          skipDepth += 1;
          return;
        }
        elements.push({ name, attributes });
      },
      onclosetag(name) {
        if (name === 'linearGradient' || name === 'radialGradient') currentGradient = null;
        else if (skipDepth > 0 && name !== 'stop') skipDepth -= 1;
      },
    },
    { xmlMode: true },
  );
  parser.write(svg);
  parser.end();
  return { viewBox, elements, gradients };
}

/** The drawing surface: opaque RGB in 0..1 at the supersampled size. */
class Surface {
  readonly pixels: Float32Array;

  constructor(
    readonly width: number,
    readonly height: number,
    readonly scale: number,
    readonly origin: { x: number; y: number },
  ) {
    this.pixels = new Float32Array(width * height * 3).fill(1);
  }

  /** Calls `cover` for each pixel centre (in SVG units) inside the box; where it answers true, blends the paint in. */
  fill(box: Box, paint: Paint, opacity: number, cover: (x: number, y: number) => boolean): void {
    const left = Math.max(0, Math.floor((box.x0 - this.origin.x) * this.scale));
    const right = Math.min(this.width - 1, Math.ceil((box.x1 - this.origin.x) * this.scale));
    const top = Math.max(0, Math.floor((box.y0 - this.origin.y) * this.scale));
    const bottom = Math.min(this.height - 1, Math.ceil((box.y1 - this.origin.y) * this.scale));
    const color = [0, 0, 0, 0];
    for (let py = top; py <= bottom; py += 1) {
      const y = this.origin.y + (py + 0.5) / this.scale;
      for (let px = left; px <= right; px += 1) {
        const x = this.origin.x + (px + 0.5) / this.scale;
        if (!cover(x, y)) continue;
        paintAt(paint, x, y, color);
        const alpha = (color[3] ?? 0) * opacity;
        if (alpha <= 0) continue;
        const index = (py * this.width + px) * 3;
        for (let channel = 0; channel < 3; channel += 1) {
          const current = this.pixels[index + channel] ?? 0;
          this.pixels[index + channel] = current + ((color[channel] ?? 0) / 255 - current) * alpha;
        }
      }
    }
  }
}

/** Writes the gradient's colour at t into `out` (no allocation: this runs for every pixel of a gradient fill). */
function gradientColor(stops: readonly Stop[], t: number, out: number[]): void {
  let before = stops[0];
  let after = before;
  for (const stop of stops) {
    after = stop;
    if (stop.offset >= t) break;
    before = stop;
  }
  if (!before || !after) return;
  const span = after.offset - before.offset;
  const mix = span > 0 ? clamp01((t - before.offset) / span) : t >= after.offset ? 1 : 0;
  for (let channel = 0; channel < 4; channel += 1) out[channel] = (before.color[channel] ?? 0) + ((after.color[channel] ?? 0) - (before.color[channel] ?? 0)) * mix;
}

function paintAt(paint: Paint, x: number, y: number, out: number[]): void {
  if (paint.kind === 'color') {
    for (let channel = 0; channel < 4; channel += 1) out[channel] = paint.color[channel] ?? 0;
    return;
  }
  const { box, gradient } = paint;
  const u = (x - box.x0) / (box.x1 - box.x0 || 1);
  const v = (y - box.y0) / (box.y1 - box.y0 || 1);
  if (gradient.kind === 'radial') return gradientColor(gradient.stops, Math.sqrt((u - 0.5) ** 2 + (v - 0.5) ** 2) / 0.5, out);
  // rotate(a 0.5 0.5) turns the gradient's axis; a point's position along it is its coordinate turned back.
  const angle = (-gradient.rotation * Math.PI) / 180;
  gradientColor(gradient.stops, clamp01((u - 0.5) * Math.cos(angle) - (v - 0.5) * Math.sin(angle) + 0.5), out);
}

function paintOf(value: string | undefined, box: Box, gradients: Map<string, Gradient>): Paint | null {
  if (!value || value === 'none') return null;
  const reference = /^url\(#([^)]+)\)$/.exec(value.trim());
  if (reference) {
    const gradient = gradients.get(reference[1] ?? '');
    return gradient && gradient.stops.length > 0 ? { kind: 'gradient', gradient, box } : null;
  }
  const color = parseColor(value);
  return color ? { kind: 'color', color } : null;
}

type Point = readonly [number, number];

/** Flattens path data (absolute commands) into polylines; curves become short straight pieces. */
function flattenPath(data: string): Point[][] {
  const tokens = data.match(/[MLHVCSQTZmlhvcsqtz]|-?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?/g) ?? [];
  const lines: Point[][] = [];
  let line: Point[] = [];
  let position: Point = [0, 0];
  let start: Point = [0, 0];
  let lastControl: Point | null = null;
  let command = '';
  let index = 0;
  const next = () => Number(tokens[index++]);
  const curve = (points: Point[], at: (t: number) => Point) => {
    for (let step = 1; step <= CURVE_STEPS; step += 1) points.push(at(step / CURVE_STEPS));
  };
  while (index < tokens.length) {
    const token = tokens[index] ?? '';
    if (/^[A-Za-z]$/.test(token)) {
      command = token.toUpperCase();
      index += 1;
      if (command === 'Z') {
        if (line.length > 0) line.push(start);
        position = start;
        continue;
      }
    }
    const from = position;
    if (command === 'M') {
      if (line.length > 1) lines.push(line);
      position = [next(), next()];
      start = position;
      line = [position];
      command = 'L';
      lastControl = null;
      continue;
    }
    if (command === 'L') position = [next(), next()];
    else if (command === 'H') position = [next(), from[1]];
    else if (command === 'V') position = [from[0], next()];
    else if (command === 'C' || command === 'S') {
      const c1: Point = command === 'C' ? [next(), next()] : lastControl ? [2 * from[0] - lastControl[0], 2 * from[1] - lastControl[1]] : from;
      const c2: Point = [next(), next()];
      const end: Point = [next(), next()];
      curve(line, (t) => {
        const s = 1 - t;
        return [s * s * s * from[0] + 3 * s * s * t * c1[0] + 3 * s * t * t * c2[0] + t * t * t * end[0], s * s * s * from[1] + 3 * s * s * t * c1[1] + 3 * s * t * t * c2[1] + t * t * t * end[1]];
      });
      position = end;
      lastControl = c2;
      continue;
    } else if (command === 'Q' || command === 'T') {
      const control: Point = command === 'Q' ? [next(), next()] : lastControl ? [2 * from[0] - lastControl[0], 2 * from[1] - lastControl[1]] : from;
      const end: Point = [next(), next()];
      curve(line, (t) => {
        const s = 1 - t;
        return [s * s * from[0] + 2 * s * t * control[0] + t * t * end[0], s * s * from[1] + 2 * s * t * control[1] + t * t * end[1]];
      });
      position = end;
      lastControl = control;
      continue;
    } else {
      index += 1; // an unsupported command's numbers are skipped one by one
      continue;
    }
    line.push(position);
    lastControl = null;
  }
  if (line.length > 1) lines.push(line);
  return lines.filter((points) => points.every(([x, y]) => Number.isFinite(x) && Number.isFinite(y)));
}

function boxOf(points: readonly Point[], margin = 0): Box {
  const xs = points.map(([x]) => x);
  const ys = points.map(([, y]) => y);
  return { x0: Math.min(...xs) - margin, y0: Math.min(...ys) - margin, x1: Math.max(...xs) + margin, y1: Math.max(...ys) + margin };
}

/** Even-odd point in polygon. */
function insidePolygon(points: readonly Point[], x: number, y: number): boolean {
  let inside = false;
  for (let index = 0, previous = points.length - 1; index < points.length; previous = index, index += 1) {
    const [xi, yi] = points[index] ?? [0, 0];
    const [xj, yj] = points[previous] ?? [0, 0];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function distanceToSegment(x: number, y: number, a: Point, b: Point): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const length = dx * dx + dy * dy;
  const t = length === 0 ? 0 : clamp01(((x - a[0]) * dx + (y - a[1]) * dy) / length);
  return Math.sqrt((x - (a[0] + t * dx)) ** 2 + (y - (a[1] + t * dy)) ** 2);
}

function strokePolyline(surface: Surface, points: readonly Point[], width: number, paint: Paint, opacity: number): void {
  const half = width / 2;
  for (let index = 1; index < points.length; index += 1) {
    const a = points[index - 1];
    const b = points[index];
    const previous = points[index - 2];
    if (!a || !b) continue;
    // A joint belongs to the piece before it, so a translucent stroke is not drawn twice where two pieces meet.
    surface.fill(boxOf([a, b], half), paint, opacity, (x, y) => distanceToSegment(x, y, a, b) <= half && !(previous && distanceToSegment(x, y, previous, a) <= half));
  }
}

/** A `rotate(a cx cy)` transform (or none) as a function on points; `direction` -1 undoes it. */
function rotation(transform: string | undefined, direction: 1 | -1): (x: number, y: number) => Point {
  const match = /rotate\(\s*(-?[\d.]+)(?:[\s,]+(-?[\d.]+)[\s,]+(-?[\d.]+))?\s*\)/.exec(transform ?? '');
  if (!match) return (x, y) => [x, y];
  const angle = (direction * Number(match[1]) * Math.PI) / 180;
  const cx = Number(match[2] ?? 0);
  const cy = Number(match[3] ?? 0);
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  return (x, y) => [cx + (x - cx) * cos - (y - cy) * sin, cy + (x - cx) * sin + (y - cy) * cos];
}

function drawElement(surface: Surface, element: Element, gradients: Map<string, Gradient>): void {
  const a = element.attributes;
  const opacity = num(a.opacity, 1);
  const fillOpacity = opacity * num(a['fill-opacity'], 1);
  const strokeOpacity = opacity * num(a['stroke-opacity'], 1);
  const strokeWidth = num(a['stroke-width'], 1);
  // A blurred shape is drawn fainter instead of blurred.
  const softness = a.filter ? 0.6 : 1;
  if (element.name === 'rect') {
    const box = { x0: num(a.x), y0: num(a.y), x1: num(a.x) + num(a.width), y1: num(a.y) + num(a.height) };
    const fill = paintOf(a.fill ?? '#000000', box, gradients);
    if (!fill) return;
    const back = rotation(a.transform, -1);
    const forward = rotation(a.transform, 1);
    const corners = [forward(box.x0, box.y0), forward(box.x1, box.y0), forward(box.x0, box.y1), forward(box.x1, box.y1)];
    surface.fill(boxOf(corners), fill, fillOpacity * softness, (x, y) => {
      const [u, v] = back(x, y);
      return u >= box.x0 && u <= box.x1 && v >= box.y0 && v <= box.y1;
    });
  } else if (element.name === 'circle') {
    const cx = num(a.cx);
    const cy = num(a.cy);
    const r = num(a.r);
    const box = { x0: cx - r, y0: cy - r, x1: cx + r, y1: cy + r };
    const fill = paintOf(a.fill ?? '#000000', box, gradients);
    if (fill) surface.fill(box, fill, fillOpacity * softness, (x, y) => (x - cx) ** 2 + (y - cy) ** 2 <= r * r);
    const stroke = paintOf(a.stroke, box, gradients);
    const half = strokeWidth / 2;
    if (stroke) surface.fill({ x0: box.x0 - half, y0: box.y0 - half, x1: box.x1 + half, y1: box.y1 + half }, stroke, strokeOpacity, (x, y) => Math.abs(Math.sqrt((x - cx) ** 2 + (y - cy) ** 2) - r) <= half);
  } else if (element.name === 'line') {
    const points: Point[] = [
      [num(a.x1), num(a.y1)],
      [num(a.x2), num(a.y2)],
    ];
    const stroke = paintOf(a.stroke, boxOf(points), gradients);
    if (stroke) strokePolyline(surface, points, strokeWidth, stroke, strokeOpacity);
  } else if (element.name === 'path') {
    const lines = flattenPath(a.d ?? '');
    for (const points of lines) {
      const box = boxOf(points);
      const fill = paintOf(a.fill ?? '#000000', box, gradients);
      if (fill && points.length > 2) surface.fill(box, fill, fillOpacity * softness, (x, y) => insidePolygon(points, x, y));
      const stroke = paintOf(a.stroke, box, gradients);
      if (stroke) strokePolyline(surface, points, strokeWidth, stroke, strokeOpacity);
    }
  }
}

/**
 * Renders the SVG into a `size` x `size` RGB image (3 bytes a pixel), the view box fitted into the square. Throws only
 * on text that is not XML at all; unknown elements are left out.
 */
export function rasterizeSvg(svg: string, size: number): Uint8Array {
  const { viewBox, elements, gradients } = parseSvg(svg);
  const span = Math.max(viewBox.x1 - viewBox.x0, viewBox.y1 - viewBox.y0) || 1;
  const surface = new Surface(size * SUPERSAMPLE, size * SUPERSAMPLE, (size * SUPERSAMPLE) / span, { x: viewBox.x0, y: viewBox.y0 });
  for (const element of elements) drawElement(surface, element, gradients);
  return downsample(surface, size);
}

function downsample(surface: Surface, size: number): Uint8Array {
  const out = new Uint8Array(size * size * 3);
  const samples = SUPERSAMPLE * SUPERSAMPLE;
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      for (let channel = 0; channel < 3; channel += 1) {
        let sum = 0;
        for (let dy = 0; dy < SUPERSAMPLE; dy += 1) {
          for (let dx = 0; dx < SUPERSAMPLE; dx += 1) {
            sum += surface.pixels[((y * SUPERSAMPLE + dy) * surface.width + x * SUPERSAMPLE + dx) * 3 + channel] ?? 0;
          }
        }
        out[(y * size + x) * 3 + channel] = Math.round(clamp01(sum / samples) * 255);
      }
    }
  }
  return out;
}
