/** The five preset chips of the voice-design screen, shared by the UI and the server. */
export interface VoiceDesignPreset {
  id: string;
  label: { en: string; tr: string };
  /** The description the chip fills in; either language parses to the same kind of voice. */
  description: { en: string; tr: string };
}

export const VOICE_DESIGN_PRESETS: readonly VoiceDesignPreset[] = [
  {
    id: 'warm-narrator',
    label: { en: 'Warm narrator', tr: 'Sıcak anlatıcı' },
    description: {
      en: 'A warm, low-voiced older man, slow and calm, like a documentary narrator.',
      tr: 'Sıcak, kalın sesli, yaşlı bir adam; yavaş ve sakin, belgesel anlatıcısı gibi.',
    },
  },
  {
    id: 'energetic-host',
    label: { en: 'Energetic host', tr: 'Enerjik sunucu' },
    description: {
      en: 'A bright, energetic young woman with an American accent, fast and upbeat.',
      tr: 'Parlak, enerjik, Amerikan aksanlı genç bir kadın; hızlı ve neşeli.',
    },
  },
  {
    id: 'british-storyteller',
    label: { en: 'British storyteller', tr: 'İngiliz masalcı' },
    description: {
      en: 'A gentle, middle-aged British woman reading a bedtime story, soft and slow.',
      tr: 'Yatmadan önce masal okuyan, nazik, orta yaşlı İngiliz bir kadın; yumuşak ve yavaş.',
    },
  },
  {
    id: 'curious-child',
    label: { en: 'Curious child', tr: 'Meraklı çocuk' },
    description: {
      en: 'A playful, curious child with a high voice, speaking quickly.',
      tr: 'İnce sesli, oyuncu ve meraklı bir çocuk; hızlı konuşuyor.',
    },
  },
  {
    id: 'trailer-voice',
    label: { en: 'Movie trailer', tr: 'Film fragmanı' },
    description: {
      en: 'A very deep, raspy man with a dramatic, slow delivery for movie trailers.',
      tr: 'Çok kalın, boğuk sesli bir adam; film fragmanları için dramatik ve yavaş.',
    },
  },
];

/** Default preview text of the voice-design screen per interface language. */
export const VOICE_DESIGN_PREVIEW_TEXT = {
  en: 'Every voice tells a story. Here is how mine sounds when I read a few lines for you.',
  tr: 'Her sesin bir hikâyesi vardır. Sizin için birkaç satır okuduğumda benim sesim böyle duyuluyor.',
} as const;
