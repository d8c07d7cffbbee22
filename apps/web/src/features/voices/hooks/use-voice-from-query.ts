import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useSelectVoice } from '../../preferences/index.ts';
import { useVoices } from '../api/voices-api.ts';

/** Section 4: `?voiceId=` selects that voice once, then leaves the address. */
export function useVoiceFromQuery() {
  const [searchParams, setSearchParams] = useSearchParams();
  const voices = useVoices();
  const { mutate: selectVoice } = useSelectVoice();
  const handled = useRef<string | null>(null);
  const voiceId = searchParams.get('voiceId');

  useEffect(() => {
    if (!voiceId || !voices.data || handled.current === voiceId) return;
    handled.current = voiceId;
    const voice = voices.data.voices.find((candidate) => candidate._id === voiceId);
    if (voice) selectVoice(voice);
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('voiceId');
        return next;
      },
      { replace: true },
    );
  }, [voiceId, voices.data, selectVoice, setSearchParams]);
}
