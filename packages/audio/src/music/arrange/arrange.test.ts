import { describe, expect, it } from 'vitest';
import { planFromPrompt } from '../plan.ts';
import { pitchClass } from '../theory.ts';
import { MUSIC_GENRES, type Arrangement } from '../types.ts';
import { GENRE_PROFILES } from '../genres.ts';
import { arrange, arrangeWithLyrics } from './arrange.ts';
import { ArrangeContext, swingTick, TICKS_PER_BEAT } from './context.ts';

function secondsToTicks(arrangement: Arrangement, seconds: number): number {
  return (seconds * arrangement.bpm * arrangement.ticksPerBeat) / 60;
}

function track(arrangement: Arrangement, role: string): Arrangement['tracks'][number] {
  const found = arrangement.tracks.find((candidate) => candidate.role === role);
  if (!found) throw new Error(`no ${role} track`);
  return found;
}

describe('arrangement', () => {
  const plan = planFromPrompt('upbeat pop song with piano and strings', { durationSeconds: 60, seed: 5 });
  const arrangement = arrange(plan);

  it('has one track per planned instrument, drums on channel 10, every other part on its own channel', () => {
    expect(arrangement.tracks.map((entry) => entry.role).sort()).toEqual(plan.instruments.map((instrument) => instrument.role).sort());
    for (const entry of arrangement.tracks) expect(entry.channel === 9).toBe(entry.role === 'drums');
    expect(new Set(arrangement.tracks.map((entry) => entry.channel)).size).toBe(arrangement.tracks.length);
  });

  it('keeps every note valid and inside the song', () => {
    const end = secondsToTicks(arrangement, arrangement.durationSeconds);
    for (const entry of arrangement.tracks) {
      expect(entry.notes.length).toBeGreaterThan(10);
      for (const note of entry.notes) {
        expect(note.tick).toBeGreaterThanOrEqual(0);
        expect(note.tick + note.durationTicks).toBeLessThanOrEqual(end + 1);
        expect(note.pitch).toBeGreaterThanOrEqual(0);
        expect(note.pitch).toBeLessThanOrEqual(127);
        expect(note.velocity).toBeGreaterThanOrEqual(1);
        expect(note.velocity).toBeLessThanOrEqual(127);
      }
    }
  });

  it('ends on the tonic chord after the last bar, with a crash', () => {
    const context = new ArrangeContext(plan);
    const near = (tick: number): boolean => Math.abs(tick - context.endTick) < 40;
    const bassEnd = track(arrangement, 'bass').notes.filter((note) => near(note.tick));
    expect(bassEnd.map((note) => pitchClass(note.pitch))).toContain(plan.key.tonic);
    expect(track(arrangement, 'drums').notes.some((note) => near(note.tick) && note.pitch === 49)).toBe(true);
    const harmonyEnd = track(arrangement, 'harmony').notes.filter((note) => near(note.tick)).map((note) => pitchClass(note.pitch));
    expect(harmonyEnd).toContain(plan.key.tonic);
  });

  it('lands melody notes on downbeats on chord tones, and bass downbeats on roots', () => {
    const context = new ArrangeContext(plan);
    const onDownbeat = (tick: number): number | undefined => {
      const bar = Math.round(tick / context.barTicks);
      return Math.abs(tick - bar * context.barTicks) <= 30 && bar < plan.totalBars ? bar * context.barTicks : undefined;
    };
    const check = (role: string, accept: (pitch: number, classes: number[], root: number) => boolean): number => {
      const notes = track(arrangement, role).notes.filter((note) => onDownbeat(note.tick) !== undefined);
      const good = notes.filter((note) => {
        const chord = context.chordAt(onDownbeat(note.tick) ?? 0);
        return accept(pitchClass(note.pitch), chord.classes, chord.rootClass);
      });
      return good.length / Math.max(1, notes.length);
    };
    expect(check('lead', (pitch, classes) => classes.includes(pitch))).toBeGreaterThan(0.85);
    expect(check('bass', (pitch, _classes, root) => pitch === root)).toBeGreaterThan(0.8);
  });

  it('is reproducible from the seed', () => {
    expect(arrange(planFromPrompt('upbeat pop song with piano and strings', { durationSeconds: 60, seed: 5 }))).toEqual(arrangement);
  });

  it('humanises: not every note sits on the grid and velocities vary', () => {
    const lead = track(arrangement, 'lead').notes;
    expect(lead.filter((note) => note.tick % 60 !== 0).length).toBeGreaterThan(lead.length / 2);
    expect(new Set(lead.map((note) => note.velocity)).size).toBeGreaterThan(5);
  });
});

describe('genres differ measurably', () => {
  const plans = MUSIC_GENRES.map((genre) => planFromPrompt(`${GENRE_PROFILES[genre].label} music`, { durationSeconds: 60, seed: 21 }));
  const arrangements = plans.map((plan) => arrange(plan));

  it('uses different instrumentation', () => {
    const setups = new Set(plans.map((plan) => plan.instruments.map((instrument) => `${instrument.role}:${instrument.program}`).sort().join(' ')));
    expect(setups.size).toBe(MUSIC_GENRES.length);
  });

  it('keeps each genre in its own tempo range', () => {
    const tempo = (genre: string): number => {
      const bpms = [1, 2, 3, 4, 5].map((seed) => planFromPrompt(`${genre} music`, { durationSeconds: 120, seed }).bpm);
      return bpms.reduce((sum, bpm) => sum + bpm, 0) / bpms.length;
    };
    expect(tempo('metal')).toBeGreaterThan(tempo('rock'));
    expect(tempo('rock')).toBeGreaterThan(tempo('hip hop'));
    expect(tempo('house')).toBeGreaterThan(tempo('lofi'));
    for (const plan of plans) {
      const [low, high] = GENRE_PROFILES[plan.genre].tempo;
      expect(plan.bpm).toBeGreaterThan(low * 0.85);
      expect(plan.bpm).toBeLessThan(high * 1.15);
    }
  });

  it('plays denser drums in metal than in ambient, and none in classical', () => {
    const drumRate = (genre: string): number => {
      const index = plans.findIndex((plan) => plan.genre === genre);
      const drums = arrangements[index]?.tracks.find((entry) => entry.role === 'drums');
      return (drums?.notes.length ?? 0) / (plans[index]?.durationSeconds ?? 1);
    };
    expect(drumRate('metal')).toBeGreaterThan(drumRate('ambient') * 3);
    expect(drumRate('classical')).toBe(0);
  });

  it('swings jazz and keeps house straight', () => {
    // Where the off-beat eighths of the drums land inside the beat (240 is straight).
    const offbeatPosition = (arrangement: Arrangement): number => {
      const drums = arrangement.tracks.find((entry) => entry.role === 'drums')?.notes ?? [];
      const offsets = drums.map((note) => note.tick % TICKS_PER_BEAT).filter((offset) => offset > 120 && offset < 420);
      return offsets.reduce((sum, offset) => sum + offset, 0) / Math.max(1, offsets.length);
    };
    expect(offbeatPosition(arrangements[MUSIC_GENRES.indexOf('jazz')] as Arrangement)).toBeGreaterThan(280);
    expect(offbeatPosition(arrangements[MUSIC_GENRES.indexOf('electronic')] as Arrangement)).toBeLessThan(260);
    expect(swingTick(240, 0.66, 8)).toBe(Math.round(0.66 * 480));
    expect(swingTick(240, 0.5, 8)).toBe(240);
  });
});

describe('lyrics on the lead', () => {
  const lyrics = '[Verse]\nWalking down the empty street\nCity lights beneath my feet\n[Nakarat]\nBu gece seninle\nYıldızlar bizimle';
  const plan = planFromPrompt('pop', { durationSeconds: 60, seed: 8, lyrics });
  const { arrangement, lyricsTimeline } = arrangeWithLyrics(plan);
  // The last chorus may be sung again when there is room, so count what the form actually sings.
  const sungSyllables = plan.sections.flatMap((section) => section.lyricLines ?? []).reduce((sum, line) => sum + line.syllables.length, 0);

  it('gives every syllable one lead note and a time, in order', () => {
    expect(lyricsTimeline).toBeDefined();
    const lines = lyricsTimeline?.lines ?? [];
    expect(lines.map((line) => line.text).slice(0, 4)).toEqual(['Walking down the empty street', 'City lights beneath my feet', 'Bu gece seninle', 'Yıldızlar bizimle']);
    const syllables = lines.flatMap((line) => line.syllables);
    expect(syllables).toHaveLength(sungSyllables);
    for (let index = 1; index < syllables.length; index++) {
      expect(syllables[index]?.startSeconds ?? 0).toBeGreaterThan(syllables[index - 1]?.startSeconds ?? 0);
    }
    for (const line of lines) {
      expect(line.startSeconds).toBeLessThan(line.endSeconds);
      expect(line.syllables[0]?.startSeconds).toBe(line.startSeconds);
      for (const syllable of line.syllables) expect(syllable.startSeconds + syllable.durationSeconds).toBeLessThanOrEqual(line.endSeconds + 0.01);
    }
    expect(lyricsTimeline?.carriedBy).toEqual({ kind: 'instrument', program: plan.instruments.find((instrument) => instrument.role === 'lead')?.program, name: expect.any(String) });
  });

  it('writes the syllables as MIDI lyric events, matched by lead notes', () => {
    expect(arrangement.lyrics).toHaveLength(sungSyllables);
    const lead = track(arrangement, 'lead').notes;
    for (const lyric of arrangement.lyrics) expect(lead.some((note) => Math.abs(note.tick - swingTick(lyric.tick, plan.swing, plan.swingUnit)) < 40)).toBe(true);
  });
});
