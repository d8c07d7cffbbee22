import { writeTinyKokoroModel, writeTinyPiperVoice } from './tiny-neural-models.ts';

/**
 * Writes a tiny test voice for processes that cannot import TypeScript from this package (the Playwright specs):
 *   node --import tsx packages/audio/src/testing/tiny-voice-cli.ts piper <folder> <name> [espeakVoice] [languageCode]
 *   node --import tsx packages/audio/src/testing/tiny-voice-cli.ts kokoro <folder>
 */
const [family, folder, name, espeakVoice, languageCode] = process.argv.slice(2);
if (!folder || (family === 'piper' && !name) || (family !== 'piper' && family !== 'kokoro')) {
  process.stderr.write('usage: tiny-voice-cli.ts piper <folder> <name> [espeakVoice] [languageCode] | kokoro <folder>\n');
  process.exit(2);
}
if (family === 'kokoro') {
  await writeTinyKokoroModel(folder);
} else {
  const [base = 'en', region = 'US'] = (languageCode ?? 'en_US').split('_');
  await writeTinyPiperVoice(folder, name ?? '', {
    ...(espeakVoice ? { espeakVoice } : {}),
    language: { code: `${base}_${region}`, family: base, region, name_native: base, name_english: base, country_english: region },
  });
}
