import type { Language } from '@sound-studio/shared';

/**
 * The voice library's languages (`VOICE_LIBRARY_LANGUAGES`) named in each interface language, as the browser's
 * Intl.DisplayNames names them (`language-names.test.ts` holds them to Node's). A table rather than DisplayNames itself:
 * the studio names the selected voice's language as its data arrives, and in Chromium the first DisplayNames of a page
 * loads the browser's locale data, 50-90 ms of main thread on this project's machines (see `lib/number-format.ts`).
 */
export const LANGUAGE_NAMES: Readonly<Record<Language, Readonly<Record<string, string>>>> = {
  en: {
    en: 'English', tr: 'Turkish', es: 'Spanish', fr: 'French', de: 'German', it: 'Italian', pt: 'Portuguese',
    nl: 'Dutch', pl: 'Polish', ru: 'Russian', uk: 'Ukrainian', cs: 'Czech', sk: 'Slovak', sl: 'Slovenian',
    hr: 'Croatian', sr: 'Serbian', bs: 'Bosnian', bg: 'Bulgarian', mk: 'Macedonian', ro: 'Romanian', hu: 'Hungarian',
    el: 'Greek', sv: 'Swedish', da: 'Danish', nb: 'Norwegian Bokmål', fi: 'Finnish', et: 'Estonian', lv: 'Latvian',
    lt: 'Lithuanian', is: 'Icelandic', ga: 'Irish', cy: 'Welsh', gd: 'Scottish Gaelic', eu: 'Basque', ca: 'Catalan',
    sq: 'Albanian', mt: 'Maltese', lb: 'Luxembourgish', af: 'Afrikaans', sw: 'Swahili', ar: 'Arabic', he: 'Hebrew',
    fa: 'Persian', ur: 'Urdu', hi: 'Hindi', bn: 'Bangla', pa: 'Punjabi', gu: 'Gujarati', mr: 'Marathi', ne: 'Nepali',
    ta: 'Tamil', te: 'Telugu', kn: 'Kannada', ml: 'Malayalam', si: 'Sinhala', zh: 'Chinese', yue: 'Cantonese',
    ja: 'Japanese', ko: 'Korean', vi: 'Vietnamese', th: 'Thai', id: 'Indonesian', ms: 'Malay', az: 'Azerbaijani',
    kk: 'Kazakh', uz: 'Uzbek', ky: 'Kyrgyz', tk: 'Turkmen', tt: 'Tatar', ka: 'Georgian', hy: 'Armenian',
    be: 'Belarusian', am: 'Amharic', my: 'Burmese', eo: 'Esperanto', la: 'Latin', mi: 'Māori', haw: 'Hawaiian',
    ht: 'Haitian Creole',
  },
  tr: {
    en: 'İngilizce', tr: 'Türkçe', es: 'İspanyolca', fr: 'Fransızca', de: 'Almanca', it: 'İtalyanca',
    pt: 'Portekizce', nl: 'Felemenkçe', pl: 'Lehçe', ru: 'Rusça', uk: 'Ukraynaca', cs: 'Çekçe', sk: 'Slovakça',
    sl: 'Slovence', hr: 'Hırvatça', sr: 'Sırpça', bs: 'Boşnakça', bg: 'Bulgarca', mk: 'Makedonca', ro: 'Rumence',
    hu: 'Macarca', el: 'Yunanca', sv: 'İsveççe', da: 'Danca', nb: 'Norveççe Bokmål', fi: 'Fince', et: 'Estonca',
    lv: 'Letonca', lt: 'Litvanca', is: 'İzlandaca', ga: 'İrlandaca', cy: 'Galce', gd: 'İskoç Gaelcesi', eu: 'Baskça',
    ca: 'Katalanca', sq: 'Arnavutça', mt: 'Maltaca', lb: 'Lüksemburgca', af: 'Afrikaanca', sw: 'Svahili dili',
    ar: 'Arapça', he: 'İbranice', fa: 'Farsça', ur: 'Urduca', hi: 'Hintçe', bn: 'Bengalce', pa: 'Pencapça',
    gu: 'Güceratça', mr: 'Marathi dili', ne: 'Nepalce', ta: 'Tamilce', te: 'Telugu dili', kn: 'Kannada dili',
    ml: 'Malayalam dili', si: 'Sinhali dili', zh: 'Çince', yue: 'Kantonca', ja: 'Japonca', ko: 'Korece',
    vi: 'Vietnamca', th: 'Tayca', id: 'Endonezce', ms: 'Malayca', az: 'Azerbaycan dili', kk: 'Kazakça',
    uz: 'Özbekçe', ky: 'Kırgızca', tk: 'Türkmence', tt: 'Tatarca', ka: 'Gürcüce', hy: 'Ermenice', be: 'Belarusça',
    am: 'Amharca', my: 'Birman dili', eo: 'Esperanto', la: 'Latince', mi: 'Maori dili', haw: 'Hawaii dili',
    ht: 'Haiti Kreyolu',
  },
};
