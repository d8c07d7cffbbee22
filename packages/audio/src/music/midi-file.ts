import { keyPrefersFlats, MODE_INTERVALS, pitchClass, type Mode } from './theory.ts';
import type { Arrangement, ArrangementTrack, MusicKey } from './types.ts';
import { concatBytes } from '../codec/pcm.ts';

/**
 * Writes an arrangement as a Standard MIDI File, type 1: a conductor track (tempo, time and key signature,
 * section markers) and one track per part, so any player or synthesiser (fluidsynth included) renders the same song.
 */
export function toMidiFile(arrangement: Arrangement): Uint8Array {
  const endTick = Math.round((arrangement.durationSeconds * arrangement.bpm * arrangement.ticksPerBeat) / 60);
  const chunks = [header(arrangement.tracks.length + 1, arrangement.ticksPerBeat), conductorTrack(arrangement, endTick)];
  for (const track of arrangement.tracks) chunks.push(partTrack(track, track.role === 'lead' ? arrangement.lyrics : [], endTick));
  return concatBytes(chunks);
}

interface TimedEvent {
  tick: number;
  /** Orders events at the same tick: meta and controllers, then note-offs, then note-ons. */
  order: number;
  bytes: number[];
}

function header(trackCount: number, ticksPerBeat: number): Uint8Array {
  const bytes = new Uint8Array(14);
  const view = new DataView(bytes.buffer);
  bytes.set(ascii('MThd'), 0);
  view.setUint32(4, 6);
  view.setUint16(8, 1);
  view.setUint16(10, trackCount);
  view.setUint16(12, ticksPerBeat);
  return bytes;
}

function conductorTrack(arrangement: Arrangement, endTick: number): Uint8Array {
  const microseconds = Math.round(60_000_000 / arrangement.bpm);
  const events: TimedEvent[] = [
    meta(0, 0x03, textBytes(arrangement.title)),
    meta(0, 0x58, [arrangement.beatsPerBar, 2, 24, 8]),
    meta(0, 0x51, [(microseconds >> 16) & 0xff, (microseconds >> 8) & 0xff, microseconds & 0xff]),
  ];
  events.push(meta(0, 0x59, keySignature(arrangement.key)));
  for (const marker of arrangement.markers) events.push(meta(marker.tick, 0x06, textBytes(marker.text)));
  return trackChunk(events, endTick);
}

function partTrack(track: ArrangementTrack, lyrics: Arrangement['lyrics'], endTick: number): Uint8Array {
  const channel = track.channel & 0x0f;
  const events: TimedEvent[] = [
    meta(0, 0x03, textBytes(track.name)),
    { tick: 0, order: 1, bytes: [0xb0 | channel, 0, 0] },
    { tick: 0, order: 1, bytes: [0xc0 | channel, track.program & 0x7f] },
    { tick: 0, order: 1, bytes: [0xb0 | channel, 7, track.volume & 0x7f] },
    { tick: 0, order: 1, bytes: [0xb0 | channel, 10, track.pan & 0x7f] },
    { tick: 0, order: 1, bytes: [0xb0 | channel, 91, track.reverb & 0x7f] },
    { tick: 0, order: 1, bytes: [0xb0 | channel, 93, track.chorus & 0x7f] },
  ];
  for (const control of track.controls) events.push({ tick: control.tick, order: 1, bytes: [0xb0 | channel, control.controller & 0x7f, control.value & 0x7f] });
  for (const lyric of lyrics) events.push(meta(lyric.tick, 0x05, textBytes(lyric.text)));
  for (const note of withoutOverlaps(track.notes)) {
    const pitch = Math.max(0, Math.min(127, note.pitch));
    events.push({ tick: note.tick, order: 3, bytes: [0x90 | channel, pitch, Math.max(1, Math.min(127, note.velocity))] });
    events.push({ tick: note.tick + note.durationTicks, order: 2, bytes: [0x80 | channel, pitch, 64] });
  }
  return trackChunk(events, endTick);
}

/** A note-on for a pitch still sounding would be cut by the earlier note's off: end the earlier note first. */
function withoutOverlaps(notes: ArrangementTrack['notes']): ArrangementTrack['notes'] {
  const sorted = [...notes].sort((a, b) => a.tick - b.tick || a.pitch - b.pitch);
  const lastByPitch = new Map<number, { tick: number; durationTicks: number; pitch: number; velocity: number }>();
  const result = sorted.map((note) => ({ ...note }));
  for (const note of result) {
    const previous = lastByPitch.get(note.pitch);
    if (previous && previous.tick + previous.durationTicks > note.tick) previous.durationTicks = Math.max(1, note.tick - previous.tick);
    lastByPitch.set(note.pitch, note);
  }
  return result.filter((note) => note.durationTicks > 0);
}

function meta(tick: number, type: number, data: number[]): TimedEvent {
  return { tick, order: 0, bytes: [0xff, type, ...variableLength(data.length), ...data] };
}

function trackChunk(events: TimedEvent[], endTick: number): Uint8Array {
  const sorted = events.map((event, index) => ({ event, index })).sort(
    (a, b) => a.event.tick - b.event.tick || a.event.order - b.event.order || a.index - b.index,
  );
  const lastTick = Math.max(endTick, sorted[sorted.length - 1]?.event.tick ?? 0);
  const body: number[] = [];
  let previous = 0;
  for (const { event } of sorted) {
    const tick = Math.max(0, Math.round(event.tick));
    body.push(...variableLength(tick - previous), ...event.bytes);
    previous = tick;
  }
  body.push(...variableLength(lastTick - previous), 0xff, 0x2f, 0x00);
  const chunk = new Uint8Array(8 + body.length);
  chunk.set(ascii('MTrk'), 0);
  new DataView(chunk.buffer).setUint32(4, body.length);
  chunk.set(body, 8);
  return chunk;
}

export function variableLength(value: number): number[] {
  let remaining = Math.max(0, Math.floor(value));
  const bytes = [remaining & 0x7f];
  remaining >>>= 7;
  while (remaining > 0) {
    bytes.unshift((remaining & 0x7f) | 0x80);
    remaining >>>= 7;
  }
  return bytes;
}

/** Sharps (positive) or flats (negative) of the key's relative major, and the major/minor flag. */
function keySignature(key: MusicKey): number[] {
  const relativeMajor = pitchClass(key.tonic + (MODE_INTERVALS[key.mode][relativeDegree(key.mode)] ?? 0));
  const sharps = [0, 7, 2, 9, 4, 11, 6, 1, 8, 3, 10, 5].indexOf(relativeMajor);
  const accidentals = keyPrefersFlats(key.tonic, key.mode) ? sharps - 12 : sharps;
  return [accidentals & 0xff, key.mode === 'minor' ? 1 : 0];
}

/** The scale degree (0-based) of each mode on which its relative major starts: C is the third degree of A minor. */
function relativeDegree(mode: Mode): number {
  return { major: 0, minor: 2, dorian: 6, mixolydian: 3, phrygian: 5, lydian: 4 }[mode];
}

function textBytes(text: string): number[] {
  return [...new TextEncoder().encode(text)];
}

function ascii(text: string): number[] {
  return [...text].map((character) => character.charCodeAt(0));
}
