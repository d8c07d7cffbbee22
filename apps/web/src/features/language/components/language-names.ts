/** Each language is named in itself, so a reader of either can find theirs. */
export const LANGUAGE_NAMES = { en: 'English', tr: 'Türkçe' } as const;
