import { describe, expect, it } from 'vitest';
import { planFromPrompt } from './plan.ts';
import { readBpm, readKey, readPrompt } from './prompt.ts';
import { foldText } from './text.ts';
import { MUSIC_GENRES, type MusicGenre } from './types.ts';

const plan = (prompt: string, seed = 1): ReturnType<typeof planFromPrompt> => planFromPrompt(prompt, { durationSeconds: 60, seed });

describe('reading prompts', () => {
  const genrePrompts: Record<MusicGenre, readonly string[]> = {
    jazz: ['Jazzy, male, smooth, expressive, soulful', 'bebop quartet', 'sakin caz gecesi'],
    lofi: ['lo-fi beats to study to', 'chillhop afternoon', 'lofi ders çalışma müziği'],
    pop: ['catchy pop song', 'K-pop dance track with bright synths', 'neşeli pop şarkısı'],
    rock: ['indie rock anthem', 'punk energy', 'Anadolu rock, elektro gitar'],
    electronic: ['deep house club track', 'techno at night', 'enerjik elektronik müzik'],
    hiphop: ['boom bap hip-hop', 'dark trap beat', 'sert rap altyapısı'],
    classical: ['romantic classical piano sonata', 'baroque string quartet', 'klasik müzik, senfonik'],
    cinematic: ['epic movie trailer', 'cinematic soundtrack', 'destansı film müziği'],
    ambient: ['ambient meditation', 'new age spa music', 'uyku için ambiyans'],
    folk: ['acoustic folk campfire', 'country road song', 'türkü, halk müziği'],
    funk: ['funky disco groove', 'neo soul r&b', 'funk ve soul'],
    latin: ['salsa night', 'bossa nova by the sea', 'flamenko gitar ve tango'],
    blues: ['delta blues', 'bluesy guitar', 'blues, mızıka ile'],
    reggae: ['reggae one drop', 'ska party', 'regge ada havası'],
    metal: ['heavy metal', 'thrash riffs', 'ağır metal, agresif'],
  };
  it.each(MUSIC_GENRES)('recognises %s in English and Turkish', (genre) => {
    for (const prompt of genrePrompts[genre]) expect(plan(prompt).genre, prompt).toBe(genre);
  });

  it('chooses the default prompt as jazz with a soulful mood and notes the male voice', () => {
    const result = plan('Jazzy, male, smooth, expressive, soulful');
    expect(result.genre).toBe('jazz');
    expect(result.mood).toBe('soulful');
    expect(result.voice).toBe('male');
    expect(result.moods).toEqual(expect.arrayContaining(['soulful', 'calm']));
  });

  it('reads moods in both languages, with or without Turkish letters', () => {
    expect(plan('sad piano').mood).toBe('sad');
    expect(plan('hüzünlü piyano').mood).toBe('sad');
    expect(plan('huzunlu piyano').mood).toBe('sad');
    expect(plan('karanlık ve gizemli').moods).toEqual(expect.arrayContaining(['dark', 'mysterious']));
    expect(plan('neşeli, mutlu').mood).toBe('happy');
    expect(plan('epic heroic orchestra').moods).toContain('epic');
  });

  it('turns tempo words into tempos inside the genre range', () => {
    const slow = plan('slow pop ballad', 3);
    const fast = plan('fast upbeat pop', 3);
    expect(slow.bpm).toBeLessThan(fast.bpm);
    expect(plan('yavaş pop', 3).bpm).toBeLessThan(plan('hızlı pop', 3).bpm);
    expect(slow.recognised.tempo).toBe('slow');
  });

  it('keeps a tempo given in BPM exactly', () => {
    expect(readBpm(foldText('house at 124 bpm'))).toBe(124);
    expect(readBpm(foldText('Tempo: 90'))).toBe(90);
    expect(readBpm(foldText('dakikada 100 vuruş'))).toBe(100);
    expect(readBpm(foldText('300 bpm'))).toBeUndefined();
    expect(plan('deep house, 124 BPM').bpm).toBe(124);
    expect(plan('enerjik elektronik, 128 bpm').bpm).toBe(128);
  });

  it('reads keys and modes in English letters and Turkish solfège', () => {
    expect(readKey('ballad in A minor')).toMatchObject({ tonic: 9, mode: 'minor' });
    expect(readKey('Bb major groove')).toMatchObject({ tonic: 10, mode: 'major' });
    expect(readKey('F# dorian jam')).toMatchObject({ tonic: 6, mode: 'dorian' });
    expect(readKey('in c minor')).toMatchObject({ tonic: 0, mode: 'minor' });
    expect(readKey('Ebm')).toMatchObject({ tonic: 3, mode: 'minor' });
    expect(readKey('in E flat major')).toMatchObject({ tonic: 3, mode: 'major' });
    expect(readKey('slow blues in E')).toMatchObject({ tonic: 4 });
    expect(readKey('La minör')).toMatchObject({ tonic: 9, mode: 'minor' });
    expect(readKey('Mi bemol majör')).toMatchObject({ tonic: 3, mode: 'major' });
    expect(readKey('fa diyez minör')).toMatchObject({ tonic: 6, mode: 'minor' });
    expect(readKey('in a mood for love')).toBeUndefined();
    expect(readKey('I am happy')).toBeUndefined();
    const result = plan('Hüzünlü, yavaş bir piyano parçası La minör');
    expect(result.key).toMatchObject({ tonic: 9, mode: 'minor', name: 'A minor' });
  });

  it('assigns named instruments to fitting roles', () => {
    const result = plan('jazz with tenor sax, upright bass and rhodes');
    const programs = Object.fromEntries(result.instruments.map((instrument) => [instrument.role, instrument.program]));
    expect(programs).toMatchObject({ lead: 66, bass: 32, harmony: 4 });
    expect(result.instruments.filter((instrument) => instrument.fromPrompt)).toHaveLength(3);
    const turkish = plan('keman ve piyano ile klasik');
    expect(turkish.instruments.find((instrument) => instrument.role === 'lead')?.program).toBe(40);
    expect(turkish.instruments.find((instrument) => instrument.role === 'harmony')?.program).toBe(0);
  });

  it('leaves out what the prompt excludes', () => {
    expect(plan('pop without drums').instruments.some((instrument) => instrument.role === 'drums')).toBe(false);
    expect(plan('davulsuz sakin pop').instruments.some((instrument) => instrument.role === 'drums')).toBe(false);
    expect(plan('rock with drums').instruments.some((instrument) => instrument.role === 'drums')).toBe(true);
    expect(plan('folk without any drums').instruments.some((instrument) => instrument.role === 'drums')).toBe(false);
    expect(plan('jazz, no piano').instruments.some((instrument) => instrument.program === 0)).toBe(false);
  });

  it('prefers the longest phrase, so "drum and bass" is a genre and not two instruments', () => {
    const reading = readPrompt('drum and bass roller');
    expect(reading.genreScores.get('electronic')).toBeGreaterThan(0);
    expect(reading.instruments).toHaveLength(0);
  });

  it('hears waltzes in three', () => {
    expect(plan('romantic classical waltz').beatsPerBar).toBe(3);
    expect(plan('folk song in 3/4').beatsPerBar).toBe(3);
    expect(plan('pop song').beatsPerBar).toBe(4);
  });

  it('still makes a plan from words it does not know', () => {
    const result = plan('zxqv blorp');
    expect(MUSIC_GENRES).toContain(result.genre);
    expect(result.sections.length).toBeGreaterThan(0);
  });
});
