import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { setupI18n } from '../../../test/render.tsx';
import { renderInStudio } from '../../../test/studio.tsx';
import { SpeechEditor } from './SpeechEditor.tsx';

const noop = () => undefined;

describe('SpeechEditor cost for an upstream provider voice', () => {
  it.each([
    ['en', 'Cost: 26 credits (1.5 credits per character for ElevenLabs voices)'],
    ['tr', 'Maliyet: 26 kredi (ElevenLabs sesinde karakter başına 1,5 kredi)'],
  ] as const)("uses the provider's price, rounded up as charged (%s)", async (language, expected) => {
    await setupI18n(language);
    renderInStudio(
      <SpeechEditor
        text="Hello there world"
        onTextChange={noop}
        canCreate
        isGenerating={false}
        onCreate={noop}
        lastAudio={null}
        validationHint={null}
        upstream={{ label: 'ElevenLabs', creditsPerCharacter: 1.5 }}
      />,
    );
    // 17 characters at 1.5 credits: 25.5, charged as 26.
    expect(screen.getByTestId('tts-cost')).toHaveTextContent(expected);
  });
});
