/** A word of a sentence's spoken text, placed in the shaped audio (seconds from the sentence's first sample). */
export interface SentenceWord {
  spokenStart: number;
  spokenEnd: number;
  start: number;
  end: number;
}
