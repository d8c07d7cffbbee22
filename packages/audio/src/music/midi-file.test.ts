import { BasicMIDI } from 'spessasynth_core';
import { describe, expect, it } from 'vitest';
import { arrange } from './arrange/arrange.ts';
import { toMidiFile, variableLength } from './midi-file.ts';
import { planFromPrompt } from './plan.ts';

function chunks(bytes: Uint8Array): { id: string; length: number; body: Uint8Array }[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const found: { id: string; length: number; body: Uint8Array }[] = [];
  for (let offset = 0; offset < bytes.length; ) {
    const id = String.fromCharCode(...bytes.subarray(offset, offset + 4));
    const length = view.getUint32(offset + 4);
    found.push({ id, length, body: bytes.subarray(offset + 8, offset + 8 + length) });
    offset += 8 + length;
  }
  return found;
}

describe('Standard MIDI File', () => {
  const plan = planFromPrompt('reggae in A minor with organ', { durationSeconds: 30, seed: 12, lyrics: '[Verse]\nSun is shining on the bay' });
  const arrangement = arrange(plan);
  const midi = toMidiFile(arrangement);

  it('has a type-1 header and one chunk per track, each ending with End of Track', () => {
    const [header, ...tracks] = chunks(midi);
    expect(header?.id).toBe('MThd');
    expect(header?.length).toBe(6);
    const headerView = new DataView(midi.buffer, midi.byteOffset + 8, 6);
    expect(headerView.getUint16(0)).toBe(1);
    expect(headerView.getUint16(2)).toBe(arrangement.tracks.length + 1);
    expect(headerView.getUint16(4)).toBe(480);
    expect(tracks).toHaveLength(arrangement.tracks.length + 1);
    for (const track of tracks) {
      expect(track.id).toBe('MTrk');
      expect([...track.body.subarray(track.body.length - 3)]).toEqual([0xff, 0x2f, 0x00]);
    }
    expect(tracks.reduce((sum, track) => sum + 8 + track.length, 14)).toBe(midi.length);
  });

  it('writes tempo, time signature and key signature in the conductor track', () => {
    const conductor = chunks(midi)[1]?.body ?? new Uint8Array();
    const find = (type: number): number[] => {
      for (let index = 0; index < conductor.length - 2; index++) {
        if (conductor[index] === 0xff && conductor[index + 1] === type) {
          const length = conductor[index + 2] ?? 0;
          return [...conductor.subarray(index + 3, index + 3 + length)];
        }
      }
      return [];
    };
    const [a = 0, b = 0, c = 0] = find(0x51);
    expect(60_000_000 / ((a << 16) | (b << 8) | c)).toBeCloseTo(plan.bpm, 2);
    expect(find(0x58)[0]).toBe(4);
    expect(find(0x59)).toEqual([0, 1]);
  });

  it('reads back with spessasynth: same notes, tempo, duration and lyrics', () => {
    const parsed = BasicMIDI.fromArrayBuffer(midi.buffer.slice(midi.byteOffset, midi.byteOffset + midi.byteLength) as ArrayBuffer);
    expect(parsed.tracks).toHaveLength(arrangement.tracks.length + 1);
    expect(parsed.timeDivision).toBe(480);
    expect(parsed.tempoChanges[0]?.tempo).toBeCloseTo(plan.bpm, 1);
    // spessasynth measures to the last note-off: the final chord, released inside the requested duration.
    expect(parsed.duration).toBeGreaterThan(plan.durationSeconds - plan.endingSeconds);
    expect(parsed.duration).toBeLessThanOrEqual(plan.durationSeconds);
    arrangement.tracks.forEach((track, index) => {
      const noteOns = parsed.tracks[index + 1]?.events.filter((event) => (event.statusByte & 0xf0) === 0x90 && (event.data[1] ?? 0) > 0) ?? [];
      expect(noteOns.length).toBe(track.notes.length);
    });
    // Every track that plays notes plays them on its own channel.
    const soundingTracks = arrangement.tracks.flatMap((track, index) => (track.notes.length > 0 ? [{ track, parsed: parsed.tracks[index + 1] }] : []));
    expect(soundingTracks.length).toBeGreaterThan(0);
    for (const { track, parsed: parsedTrack } of soundingTracks) expect(parsedTrack?.channels.has(track.channel)).toBe(true);
    expect(parsed.lyrics.length).toBe(arrangement.lyrics.length);
  });

  it('encodes variable-length quantities', () => {
    expect(variableLength(0)).toEqual([0x00]);
    expect(variableLength(127)).toEqual([0x7f]);
    expect(variableLength(128)).toEqual([0x81, 0x00]);
    expect(variableLength(0x3fff)).toEqual([0xff, 0x7f]);
    expect(variableLength(0x200000)).toEqual([0x81, 0x80, 0x80, 0x00]);
  });

  it('writes flat keys with negative key signatures', () => {
    const flat = toMidiFile(arrange(planFromPrompt('jazz in Eb major', { durationSeconds: 30, seed: 1 })));
    const conductor = chunks(flat)[1]?.body ?? new Uint8Array();
    const index = conductor.findIndex((value, position) => value === 0xff && conductor[position + 1] === 0x59);
    expect(conductor[index + 3]).toBe(0xfd);
    expect(conductor[index + 4]).toBe(0);
  });
});
