import { GeneratorTypes, MIDIControllers, type SpessaSynthProcessor } from 'spessasynth_core';

/**
 * spessasynth_core's per-voice render (render_voice.ts) walks each 128-frame block up to four times after the
 * oscillator: filter and gain, the stereo mix, the reverb send, the chorus send, each loop reading the voice buffer
 * again. They were most of the render thread's own time. This is the same function with those loops fused into one:
 * every sample goes through the same float operations in the same order (the voice buffer's float32 rounding is kept
 * with Math.fround), so the samples are bit-identical (fast-voice.test.ts renders a song both ways). Voices routed to
 * an insertion effect keep spessasynth's own code.
 */

interface VolumeEnvelope {
  outputGain: number;
  startRelease(voice: VoiceState): void;
  process(sampleCount: number, gainTarget: number): boolean;
}

interface ModulationEnvelope {
  startRelease(voice: VoiceState): void;
  process(voice: VoiceState, timeNow: number): number;
}

interface LowpassState {
  initialized: boolean;
  currentInitialFc: number;
  lastTargetCutoff: number;
  resonanceCb: number;
  a0: number; a1: number; a2: number; a3: number; a4: number;
  x1: number; x2: number; y1: number; y2: number;
  calculateCoefficients(cutoffCents: number): void;
}

interface VoiceState {
  isInRelease: boolean;
  releaseStartTime: number;
  volEnv: VolumeEnvelope;
  modEnv: ModulationEnvelope;
  loopingMode: number;
  wavetable: { isLooping: boolean; process(sampleCount: number, tuningRatio: number, output: Float32Array): boolean };
  hasRendered: boolean;
  isActive: boolean;
  modulatedGenerators: Int16Array;
  targetKey: number;
  pitchOffset: number;
  midiNote: number;
  portamentoFromKey: number;
  portamentoDuration: number;
  startTime: number;
  rootKey: number;
  gainModifier: number;
  vibLfoStartTime: number;
  vibLfoPhase: number;
  modLfoStartTime: number;
  modLfoPhase: number;
  resonanceOffset: number;
  tuningCents: number;
  tuningRatio: number;
  filter: LowpassState;
  overridePan: number;
  currentPan: number;
  reverbSend: number;
  chorusSend: number;
  delaySend: number;
}

interface CoreState {
  sampleRate: number;
  tunings: Float32Array;
  voiceBuffer: Float32Array;
  panSmoothingFactor: number;
  systemParameters: { effectsEnabled: boolean; reverbGain: number; chorusGain: number; delayGain: number };
  insertionActive: boolean;
  delayActive: boolean;
  reverbInput: Float32Array;
  chorusInput: Float32Array;
  delayInput: Float32Array;
  midiChannels: ChannelState[];
}

type RenderVoice = (voice: VoiceState, timeNow: number, outputL: Float32Array, outputR: Float32Array, startIndex: number, sampleCount: number) => void;

interface ChannelState {
  synthCore: CoreState;
  octaveTuning: Int8Array;
  currentTuning: number;
  preset: { program: number };
  currentGain: number;
  currentPan: number;
  _midiParameters: { efxAssign: boolean };
  _midiControllers: Int16Array;
  renderVoice: RenderVoice;
}

// spessasynth's lookup tables, computed the same way (float32, like theirs).
const MIN_ABS_CENT = -2e4;
const MAX_ABS_CENT = 16500;
const ABSOLUTE_CENTS = Float32Array.from({ length: MAX_ABS_CENT - MIN_ABS_CENT + 1 }, (_, index) => 440 * Math.pow(2, (MIN_ABS_CENT + index - 6900) / 1200));
const MIN_CENTIBELS = -16600;
const CENTIBELS = Float32Array.from({ length: 16e3 - MIN_CENTIBELS + 1 }, (_, index) => Math.pow(10, -(MIN_CENTIBELS + index) / 200));
const PAN_LEFT = Float32Array.from({ length: 1001 }, (_, index) => Math.cos((Math.PI / 2) * (index / 1000)));
const PAN_RIGHT = Float32Array.from({ length: 1001 }, (_, index) => Math.sin((Math.PI / 2) * (index / 1000)));

function absCentsToHz(cents: number): number {
  if (cents < MIN_ABS_CENT || cents > MAX_ABS_CENT) return 440 * Math.pow(2, (cents - 6900) / 1200);
  return ABSOLUTE_CENTS[(cents - MIN_ABS_CENT) | 0] as number;
}

function cbAttenuationToGain(centibels: number): number {
  return CENTIBELS[(centibels - MIN_CENTIBELS) | 0] as number;
}

function isCore(value: unknown): value is CoreState {
  if (typeof value !== 'object' || value === null) return false;
  const core = value as Partial<CoreState>;
  return core.voiceBuffer instanceof Float32Array && core.reverbInput instanceof Float32Array && core.chorusInput instanceof Float32Array
    && core.delayInput instanceof Float32Array && core.tunings instanceof Float32Array && Array.isArray(core.midiChannels)
    && core.midiChannels.every((channel) => typeof channel.renderVoice === 'function' && channel._midiControllers instanceof Int16Array);
}

/**
 * Swaps the fused voice render into every MIDI channel of `synth` (call it before the song starts). Returns false,
 * leaving the synthesiser untouched, if its internals are not the expected ones (another spessasynth version).
 */
export function speedUpVoices(synth: SpessaSynthProcessor): boolean {
  const core: unknown = Reflect.get(synth, 'synthCore');
  if (!isCore(core)) return false;
  for (const channel of core.midiChannels) {
    const original = channel.renderVoice;
    channel.renderVoice = (voice, timeNow, outputL, outputR, startIndex, sampleCount) => {
      // Insertion effects take the voice elsewhere: spessasynth's own code handles them.
      if (channel._midiParameters.efxAssign && core.systemParameters.effectsEnabled && core.insertionActive) original(voice, timeNow, outputL, outputR, startIndex, sampleCount);
      else renderVoiceFused(channel, voice, timeNow, outputL, outputR, startIndex, sampleCount);
    };
  }
  return true;
}

/** render_voice.ts up to the oscillator, unchanged; then one loop for filter, gain, mix and sends. */
function renderVoiceFused(channel: ChannelState, voice: VoiceState, timeNow: number, outputL: Float32Array, outputR: Float32Array, startIndex: number, sampleCount: number): void {
  if (!voice.isInRelease && timeNow >= voice.releaseStartTime) {
    voice.isInRelease = true;
    voice.volEnv.startRelease(voice);
    voice.modEnv.startRelease(voice);
    if (voice.loopingMode === 3) voice.wavetable.isLooping = false;
  }
  voice.hasRendered = true;
  if (!voice.isActive) return;
  const core = channel.synthCore;
  const modulated = voice.modulatedGenerators;
  const { cents, semitones, lowpassExcursion, volumeExcursionCentibels, voiceGain } = modulation(channel, voice, timeNow, sampleCount);
  const centsTotal = cents + semitones * 100;
  const centsRounded = centsTotal | 0;
  if (centsRounded !== voice.tuningCents) {
    voice.tuningCents = centsRounded;
    voice.tuningRatio = Math.pow(2, centsTotal / 1200);
  }
  const gainTarget = cbAttenuationToGain(modulated[GeneratorTypes.initialAttenuation] as number) * cbAttenuationToGain(volumeExcursionCentibels);
  if (voice.loopingMode === 2 && !voice.isInRelease) {
    voice.isActive = voice.volEnv.process(sampleCount, gainTarget);
    return;
  }
  const buffer = core.voiceBuffer;
  voice.isActive = voice.wavetable.process(sampleCount, voice.tuningRatio, buffer);
  const gain = voice.volEnv.outputGain;
  const envActive = voice.volEnv.process(sampleCount, gainTarget);
  const gainInc = (voice.volEnv.outputGain - gain) / sampleCount;
  const filtered = updateFilter(voice, lowpassExcursion);
  voice.isActive = voice.isActive && envActive;
  let pan: number;
  if (voice.overridePan) pan = voice.overridePan;
  else {
    voice.currentPan += ((modulated[GeneratorTypes.pan] as number) - voice.currentPan) * core.panSmoothingFactor;
    pan = voice.currentPan;
  }
  const outputGain = channel.currentGain * voiceGain;
  const index = (Math.min(Math.max(-500, pan + channel.currentPan), 500) + 500) | 0;
  const mix: Mix = {
    gainLeft: (PAN_LEFT[index] as number) * outputGain, gainRight: (PAN_RIGHT[index] as number) * outputGain,
    reverbGain: 0, chorusGain: 0, delayGain: 0, sends: 0,
  };
  const { systemParameters } = core;
  if (systemParameters.effectsEnabled) {
    const reverbSend = (modulated[GeneratorTypes.reverbEffectsSend] as number) * voice.reverbSend;
    if (reverbSend > 0) {
      mix.reverbGain = systemParameters.reverbGain * outputGain * (reverbSend / 1e3);
      mix.sends |= REVERB;
    }
    const chorusSend = (modulated[GeneratorTypes.chorusEffectsSend] as number) * voice.chorusSend;
    if (chorusSend > 0) {
      mix.chorusGain = systemParameters.chorusGain * (chorusSend / 1e3) * outputGain;
      mix.sends |= CHORUS;
    }
    if (core.delayActive) {
      const delaySend = (channel._midiControllers[MIDIControllers.variationDepth] as number) * voice.delaySend;
      if (delaySend > 0) {
        mix.delayGain = outputGain * systemParameters.delayGain * ((delaySend >> 7) / 127);
        mix.sends |= DELAY;
      }
    }
  }
  mixVoice(core, voice.filter, filtered, buffer, gain, gainInc, mix, outputL, outputR, startIndex, sampleCount);
}

interface Modulation {
  cents: number;
  semitones: number;
  lowpassExcursion: number;
  volumeExcursionCentibels: number;
  voiceGain: number;
}

/** Pitch, filter, volume and gain offsets from tuning, portamento, the LFOs and the modulation envelope. */
function modulation(channel: ChannelState, voice: VoiceState, timeNow: number, sampleCount: number): Modulation {
  const core = channel.synthCore;
  const sampleRate = core.sampleRate;
  const modulated = voice.modulatedGenerators;
  const at = (type: number): number => modulated[type] as number;
  let targetKey = voice.targetKey;
  let cents = voice.pitchOffset + at(GeneratorTypes.fineTune) + (channel.octaveTuning[targetKey] as number) + channel.currentTuning;
  let semitones = at(GeneratorTypes.coarseTune);
  const tuning = core.tunings[channel.preset.program * 128 + voice.midiNote] as number;
  if (tuning !== -1) {
    targetKey = Math.trunc(tuning);
    semitones += tuning - targetKey;
  }
  if (voice.portamentoFromKey > -1) {
    const elapsed = Math.min((timeNow - voice.startTime) / voice.portamentoDuration, 1);
    const diff = targetKey - voice.portamentoFromKey;
    semitones -= diff * (1 - elapsed);
  }
  cents += (targetKey - voice.rootKey) * at(GeneratorTypes.scaleTuning);
  let lowpassExcursion = 0;
  let volumeExcursionCentibels = 0;
  let voiceGain = voice.gainModifier * (1 + at(GeneratorTypes.amplitude) / 1e3);
  if (timeNow >= voice.vibLfoStartTime) {
    const vibPitchDepth = at(GeneratorTypes.vibLfoToPitch);
    const vibFilterDepth = at(GeneratorTypes.vibLfoToFilterFc);
    const vibAmplitudeDepth = at(GeneratorTypes.vibLfoAmplitudeDepth);
    if (vibPitchDepth !== 0 || vibFilterDepth !== 0 || vibAmplitudeDepth !== 0) {
      const rateInc = Math.max(0, absCentsToHz(at(GeneratorTypes.freqVibLFO)) + at(GeneratorTypes.vibLfoRate) / 100) * sampleCount / sampleRate;
      const vibLfoValue = 1 - 4 * Math.abs(voice.vibLfoPhase - 0.5);
      if ((voice.vibLfoPhase += rateInc) >= 1) voice.vibLfoPhase -= 1;
      cents += vibLfoValue * vibPitchDepth;
      lowpassExcursion += vibLfoValue * vibFilterDepth;
      voiceGain *= 1 - ((vibLfoValue + 1) / 2) * (vibAmplitudeDepth / 1e3);
    }
  }
  if (timeNow >= voice.modLfoStartTime) {
    const modPitchDepth = at(GeneratorTypes.modLfoToPitch);
    const modVolDepth = at(GeneratorTypes.modLfoToVolume);
    const modFilterDepth = at(GeneratorTypes.modLfoToFilterFc);
    const modAmplitudeDepth = at(GeneratorTypes.modLfoAmplitudeDepth);
    if (modPitchDepth !== 0 || modFilterDepth !== 0 || modVolDepth !== 0 || modAmplitudeDepth !== 0) {
      const rateInc = Math.max(0, absCentsToHz(at(GeneratorTypes.freqModLFO)) + at(GeneratorTypes.modLfoRate) / 100) * sampleCount / sampleRate;
      const modLfoValue = 1 - 4 * Math.abs(voice.modLfoPhase - 0.5);
      if ((voice.modLfoPhase += rateInc) >= 1) voice.modLfoPhase -= 1;
      cents += modLfoValue * modPitchDepth;
      volumeExcursionCentibels += -modLfoValue * modVolDepth;
      lowpassExcursion += modLfoValue * modFilterDepth;
      voiceGain *= 1 - ((modLfoValue + 1) / 2) * (modAmplitudeDepth / 1e3);
    }
  }
  const modEnvPitchDepth = at(GeneratorTypes.modEnvToPitch);
  const modEnvFilterDepth = at(GeneratorTypes.modEnvToFilterFc);
  if (modEnvFilterDepth !== 0 || modEnvPitchDepth !== 0) {
    const modEnv = voice.modEnv.process(voice, timeNow);
    lowpassExcursion += modEnv * modEnvFilterDepth;
    cents += modEnv * modEnvPitchDepth;
  }
  volumeExcursionCentibels -= voice.resonanceOffset;
  return { cents, semitones, lowpassExcursion, volumeExcursionCentibels, voiceGain };
}

/** The low-pass's cutoff smoothing and coefficients; false when it is wide open (then only the gain applies). */
function updateFilter(voice: VoiceState, lowpassExcursion: number): boolean {
  const filter = voice.filter;
  const initialFc = voice.modulatedGenerators[GeneratorTypes.initialFilterFc] as number;
  const smoothing = (filter.constructor as unknown as { smoothingConstant: number }).smoothingConstant;
  if (filter.initialized) filter.currentInitialFc += (initialFc - filter.currentInitialFc) * smoothing;
  else {
    filter.initialized = true;
    filter.currentInitialFc = initialFc;
  }
  const targetCutoff = filter.currentInitialFc + lowpassExcursion;
  const modulatedResonance = voice.modulatedGenerators[GeneratorTypes.initialFilterQ] as number;
  if (filter.currentInitialFc > 13499 && targetCutoff > 13499 && modulatedResonance === 0) {
    filter.currentInitialFc = 13500;
    return false;
  }
  if (Math.abs(filter.lastTargetCutoff - targetCutoff) > 1 || filter.resonanceCb !== modulatedResonance) {
    filter.lastTargetCutoff = targetCutoff;
    filter.resonanceCb = modulatedResonance;
    filter.calculateCoefficients(targetCutoff);
  }
  return true;
}

/** Bits of Mix.sends: the sends spessasynth adds this voice to (even with a gain of 0, which can turn -0 into 0). */
const REVERB = 1;
const CHORUS = 2;
const DELAY = 4;

interface Mix {
  gainLeft: number;
  gainRight: number;
  reverbGain: number;
  chorusGain: number;
  delayGain: number;
  sends: number;
}

/**
 * One pass over the block: filter (when on) and envelope gain, rounded to float32 as spessasynth's voice buffer
 * stores them, then added to the dry mix and the sends with spessasynth's expressions.
 */
function mixVoice(core: CoreState, filter: LowpassState, filtered: boolean, buffer: Float32Array, startGain: number, gainInc: number, mix: Mix, outputL: Float32Array, outputR: Float32Array, startIndex: number, sampleCount: number): void {
  const { gainLeft, gainRight, reverbGain, chorusGain, delayGain } = mix;
  const toReverb = (mix.sends & REVERB) !== 0;
  const toChorus = (mix.sends & CHORUS) !== 0;
  const toDelay = (mix.sends & DELAY) !== 0;
  const { reverbInput: reverb, chorusInput: chorus, delayInput: delay } = core;
  const { a0, a1, a2, a3, a4 } = filter;
  let { x1, x2, y1, y2 } = filter;
  let gain = startGain;
  for (let i = 0; i < sampleCount; i++) {
    const input = buffer[i] as number;
    let s: number;
    if (filtered) {
      const value = a0 * input + a1 * x1 + a2 * x2 - a3 * y1 - y2 * a4;
      x2 = x1;
      x1 = input;
      y2 = y1;
      y1 = value;
      s = Math.fround(value * gain);
    } else s = Math.fround(input * gain);
    gain += gainInc;
    const idx = i + startIndex;
    outputL[idx] = (outputL[idx] as number) + gainLeft * s;
    outputR[idx] = (outputR[idx] as number) + gainRight * s;
    if (toReverb) reverb[i] = (reverb[i] as number) + reverbGain * s;
    if (toChorus) chorus[i] = (chorus[i] as number) + chorusGain * s;
    if (toDelay) delay[i] = (delay[i] as number) + delayGain * s;
  }
  if (filtered) {
    filter.x1 = x1;
    filter.x2 = x2;
    filter.y1 = y1;
    filter.y2 = y2;
  }
}
