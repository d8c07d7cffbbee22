/**
 * From a sentence to the phoneme string a neural voice reads, keeping track of which phonemes belong to which written
 * word so the model's timing can be turned into word timings.
 */

/** A word of the sentence (offsets into it) and its phonemes (offsets into `PhonemizedSentence.phonemes`). */
export interface PhonemizedWord {
  spokenStart: number;
  spokenEnd: number;
  phonemeStart: number;
  phonemeEnd: number;
}

export interface PhonemizedSentence {
  /** IPA as Piper and Kokoro were trained on: words split by spaces, clause punctuation kept. */
  phonemes: string;
  words: PhonemizedWord[];
}

/** Clause punctuation both families have in their maps; other marks end a clause but are not read. */
const CLAUSE_PUNCTUATION = new Set([',', '.', '!', '?', ';', ':']);
const CLAUSE = /[^,;:.!?…]+[,;:.!?…]*|[,;:.!?…]+/g;
const WORD = /\S+/g;

/**
 * Phonemizes clause by clause (eSpeak drops punctuation from its phoneme output, the models want it back). When
 * eSpeak's words match the written words one to one (the usual case), each word gets its own phonemes; when eSpeak
 * joins or splits words ("I am" -> one word), the clause's phonemes are shared out by written length.
 */
export function phonemizeSentence(text: string, toIpa: (clause: string) => string): PhonemizedSentence {
  let phonemes = '';
  const words: PhonemizedWord[] = [];
  for (const clause of text.matchAll(CLAUSE)) {
    const body = clause[0].replace(/[,;:.!?…]+$/, '');
    const mark = [...clause[0].slice(body.length)].find((char) => CLAUSE_PUNCTUATION.has(char)) ?? '';
    const written = [...body.matchAll(WORD)].map((match) => ({ start: clause.index + match.index, end: clause.index + match.index + match[0].length }));
    const spoken = /\p{L}|\p{N}/u.test(body) ? cleanIpa(toIpa(body)) : [];
    if (spoken.length === 0 || written.length === 0) {
      if (mark && phonemes !== '') phonemes = phonemes.trimEnd() + mark + ' ';
      continue;
    }
    const clauseStart = phonemes.length;
    const joined = spoken.join(' ');
    if (spoken.length === written.length) {
      let cursor = clauseStart;
      spoken.forEach((ipa, index) => {
        const word = written[index];
        if (word) words.push({ spokenStart: word.start, spokenEnd: word.end, phonemeStart: cursor, phonemeEnd: cursor + ipa.length });
        cursor += ipa.length + 1;
      });
    } else {
      const totalWritten = written.reduce((sum, word) => sum + word.end - word.start, 0);
      let before = 0;
      for (const word of written) {
        const from = Math.round((before / totalWritten) * joined.length);
        before += word.end - word.start;
        const to = Math.round((before / totalWritten) * joined.length);
        words.push({ spokenStart: word.start, spokenEnd: word.end, phonemeStart: clauseStart + from, phonemeEnd: clauseStart + Math.max(from + 1, to) });
      }
    }
    phonemes += joined + mark + ' ';
  }
  return { phonemes: phonemes.trimEnd(), words };
}

/** eSpeak's IPA output as a list of words: phoneme separators dropped, its own clause breaks become word breaks. */
function cleanIpa(ipa: string): string[] {
  return ipa.replace(/_/g, '').replace(/\|/g, ' ').split(/\s+/).filter(Boolean);
}

/** Ids and, for each phoneme character, the index of its first id (so word spans can be found in the id list). */
export interface PhonemeIds {
  ids: number[];
  /** `idStart[i]` is where character i of the phoneme string starts in `ids`; one more entry marks the end. */
  idStart: number[];
}

/**
 * Piper's phoneme ids: `^`, then each phoneme's ids followed by the pad `_`, then `$` (piper-phonemize's
 * phonemes_to_ids). Characters missing from the map are skipped, as Piper does.
 */
export function piperPhonemeIds(phonemes: string, map: Readonly<Record<string, readonly number[]>>): PhonemeIds {
  const pad = map._ ?? [0];
  const ids: number[] = [...(map['^'] ?? []), ...pad];
  const idStart: number[] = [];
  for (const char of phonemes) {
    // Characters outside the BMP take two code units; both point at the same ids.
    for (let unit = 0; unit < char.length; unit++) idStart.push(ids.length);
    const known = map[char];
    if (known) ids.push(...known, ...pad);
  }
  idStart.push(ids.length);
  ids.push(...(map.$ ?? []));
  return { ids, idStart };
}

/** Kokoro's tokens: the vocabulary ids of the phonemes, with the pad 0 at both ends (as kokoro-onnx sends them). */
export function kokoroTokenIds(phonemes: string, vocab: Readonly<Record<string, number>>): PhonemeIds {
  const ids: number[] = [0];
  const idStart: number[] = [];
  for (const char of phonemes) {
    for (let unit = 0; unit < char.length; unit++) idStart.push(ids.length);
    const id = vocab[char];
    if (id !== undefined) ids.push(id);
  }
  idStart.push(ids.length);
  ids.push(0);
  return { ids, idStart };
}

/**
 * Where each word starts and ends in the model's audio, in samples. `durations` are per id (the model's own when its
 * export gives them, otherwise equal), scaled so they add up to the audio the model returned.
 */
export function wordSamples(
  words: readonly PhonemizedWord[],
  ids: PhonemeIds,
  durations: ArrayLike<number>,
  totalSamples: number,
): Array<{ spokenStart: number; spokenEnd: number; startSample: number; endSample: number }> {
  const cumulative = new Float64Array(ids.ids.length + 1);
  for (let index = 0; index < ids.ids.length; index++) cumulative[index + 1] = (cumulative[index] ?? 0) + Math.max(0, durations[index] ?? 0);
  const total = cumulative[ids.ids.length] ?? 0;
  const at = (idIndex: number): number => (total > 0 ? Math.round(((cumulative[idIndex] ?? total) / total) * totalSamples) : 0);
  return words.map((word) => ({
    spokenStart: word.spokenStart,
    spokenEnd: word.spokenEnd,
    startSample: at(ids.idStart[word.phonemeStart] ?? ids.ids.length),
    endSample: at(ids.idStart[word.phonemeEnd] ?? ids.ids.length),
  }));
}
