import type { BasicMIDI, BasicPreset, BasicSoundBank } from 'spessasynth_core';

/**
 * Splits a song's notes between two synthesisers (the render thread and its helper), so that each renders about
 * half of the voices. A note's place is fixed by its unit, its channel and key (a drum channel is one unit: its
 * exclusive classes cut one drum off with another, as an open hi-hat with a closed one), so a note-off always finds
 * its voices in the synthesiser that started them, and every other MIDI event goes to both.
 */

/** GM's drum channel, the only one our arrangements drum on. */
const DRUM_CHANNEL = 9;
const NOTE_ON = 0x90;
const NOTE_OFF = 0x80;
const PROGRAM_CHANGE = 0xc0;

/** The SoundFont 2 generators (their numbers in the specification) that decide how long a voice sounds. */
const GeneratorTypes = {
  delayVolEnv: 33, attackVolEnv: 34, holdVolEnv: 35, decayVolEnv: 36, sustainVolEnv: 37, releaseVolEnv: 38,
  keyNumToVolEnvHold: 39, keyNumToVolEnvDecay: 40, coarseTune: 51, fineTune: 52, sampleModes: 54, scaleTuning: 56,
  overridingRootKey: 58,
} as const;

/** The unit a note belongs to. */
export function voiceUnit(channel: number, key: number): number {
  return channel === DRUM_CHANNEL ? 16 * 128 + channel : channel * 128 + key;
}

/** spessasynth's volume envelope: it treats -90 dB as silence and its release falls 96 dB in the release time. */
const PERCEIVED_SILENCE_CB = 900;
const RELEASE_RANGE_CB = 960;

/** What decides how long a voice of a preset sounds. */
interface VoiceShape {
  /** Seconds from the note-on to the end of the hold. */
  holdEnd: number;
  /** Seconds the decay takes to reach the sustain level. */
  decay: number;
  sustainCb: number;
  release: number;
  /** Seconds of sample the voice can play without a loop; Infinity when it loops. */
  sampleSeconds: number;
}

const timecents = (value: number): number => 2 ** (value / 1200);

/** The voices a note starts, as spessasynth sets them up (generators only: modulators change little here). */
function voiceShapes(preset: BasicPreset, key: number, velocity: number): VoiceShape[] {
  return preset.getVoiceParameters(key, velocity).map(({ sample, generators }) => {
    const value = (type: number): number => generators[type] ?? 0;
    const sustainCb = Math.min(RELEASE_RANGE_CB, Math.max(0, value(GeneratorTypes.sustainVolEnv)));
    const keyOffset = 60 - key;
    const loops = value(GeneratorTypes.sampleModes) === 1 || value(GeneratorTypes.sampleModes) === 3;
    let sampleSeconds = Infinity;
    if (!loops) {
      const rootKey = value(GeneratorTypes.overridingRootKey) >= 0 ? value(GeneratorTypes.overridingRootKey) : sample.originalKey;
      const cents = (key - rootKey) * value(GeneratorTypes.scaleTuning) + value(GeneratorTypes.coarseTune) * 100 + value(GeneratorTypes.fineTune) + sample.pitchCorrection;
      sampleSeconds = sample.getAudioData().length / sample.sampleRate / 2 ** (cents / 1200);
    }
    return {
      holdEnd: timecents(value(GeneratorTypes.delayVolEnv)) + timecents(value(GeneratorTypes.attackVolEnv)) + timecents(value(GeneratorTypes.holdVolEnv) + keyOffset * value(GeneratorTypes.keyNumToVolEnvHold)),
      decay: (timecents(value(GeneratorTypes.decayVolEnv) + keyOffset * value(GeneratorTypes.keyNumToVolEnvDecay)) * sustainCb) / RELEASE_RANGE_CB,
      sustainCb,
      release: timecents(Math.max(-7200, value(GeneratorTypes.releaseVolEnv))),
      sampleSeconds,
    };
  });
}

/** Seconds a voice sounds for a note held `held` seconds: until it decays to silence or its release ends. */
function voiceSeconds(shape: VoiceShape, held: number): number {
  const { holdEnd, decay, sustainCb, release, sampleSeconds } = shape;
  const silentAt = holdEnd + (decay * PERCEIVED_SILENCE_CB) / Math.max(1, sustainCb);
  if (sustainCb >= PERCEIVED_SILENCE_CB && silentAt <= held) return Math.min(silentAt, sampleSeconds);
  const levelAtRelease = held < holdEnd ? 0 : held < holdEnd + decay ? (sustainCb * (held - holdEnd)) / decay : sustainCb;
  return Math.min(held + (release * Math.max(0, PERCEIVED_SILENCE_CB - levelAtRelease)) / RELEASE_RANGE_CB, sampleSeconds);
}

interface OpenNote {
  tick: number;
  velocity: number;
  program: number;
}

/**
 * The seconds of voice each unit of the song will render: a close estimate of its share of the render's work (a
 * voice costs about the same every second it sounds). Programs are followed per channel; bank selects are not (our
 * arrangements use bank 0).
 */
export function voiceSecondsByUnit(sequence: BasicMIDI, bank: BasicSoundBank): Map<number, number> {
  const costs = new Map<number, number>();
  const shapes = new Map<string, VoiceShape[]>();
  const shapesOf = (program: number, channel: number, key: number, velocity: number): VoiceShape[] => {
    const id = `${program}:${channel === DRUM_CHANNEL ? 'drums' : 'melodic'}:${key}:${velocity}`;
    let found = shapes.get(id);
    if (!found) {
      const preset = bank.getPreset({ bankMSB: 0, bankLSB: 0, program, isGMGSDrum: channel === DRUM_CHANNEL }, 'gs');
      found = preset ? voiceShapes(preset, key, velocity) : [];
      shapes.set(id, found);
    }
    return found;
  };
  const close = (channel: number, key: number, note: OpenNote, endTick: number): void => {
    const held = sequence.midiTicksToSeconds(endTick) - sequence.midiTicksToSeconds(note.tick);
    const seconds = shapesOf(note.program, channel, key, note.velocity).reduce((sum, shape) => sum + voiceSeconds(shape, held), 0);
    const unit = voiceUnit(channel, key);
    costs.set(unit, (costs.get(unit) ?? 0) + seconds);
  };
  const lastTick = Math.max(0, ...sequence.tracks.map((track) => track.events.at(-1)?.ticks ?? 0));
  for (const track of sequence.tracks) {
    const programs = new Array<number>(16).fill(0);
    const open = new Map<number, OpenNote[]>();
    for (const event of track.events) {
      const type = event.statusByte & 0xf0;
      const channel = event.statusByte & 0x0f;
      const key = event.data[0] ?? 0;
      if (type === PROGRAM_CHANGE) programs[channel] = event.data[0] ?? 0;
      else if (type === NOTE_ON && (event.data[1] ?? 0) > 0) {
        const held = open.get(channel * 128 + key) ?? [];
        held.push({ tick: event.ticks, velocity: event.data[1] ?? 0, program: programs[channel] ?? 0 });
        open.set(channel * 128 + key, held);
      } else if (type === NOTE_OFF || type === NOTE_ON) {
        const note = open.get(channel * 128 + key)?.shift();
        if (note) close(channel, key, note, event.ticks);
      }
    }
    for (const [slot, notes] of open) for (const note of notes) close(slot >> 7, slot & 127, note, lastTick);
  }
  return costs;
}

/**
 * The units the helper renders: the largest first, each to the thread with less work so far, the helper starting
 * with `helperHeadStart` voice-seconds for the effects it runs besides. Deterministic: the same song always splits the
 * same way, so it always gives the same samples.
 */
export function helperUnits(costs: ReadonlyMap<number, number>, helperHeadStart: number): number[] {
  const units = [...costs].sort(([unitA, costA], [unitB, costB]) => costB - costA || unitA - unitB);
  let mine = 0;
  let theirs = helperHeadStart;
  const helper: number[] = [];
  for (const [unit, cost] of units) {
    if (theirs < mine) {
      theirs += cost;
      helper.push(unit);
    } else mine += cost;
  }
  return helper;
}

/** Silences the notes of every unit `keep` refuses: their note-ons become note-offs, which find no voice to end. */
export function keepNotes(sequence: BasicMIDI, keep: (unit: number) => boolean): void {
  for (const track of sequence.tracks) {
    for (const event of track.events) {
      if ((event.statusByte & 0xf0) !== NOTE_ON || (event.data[1] ?? 0) === 0) continue;
      if (!keep(voiceUnit(event.statusByte & 0x0f, event.data[0] ?? 0))) event.data[1] = 0;
    }
  }
}
