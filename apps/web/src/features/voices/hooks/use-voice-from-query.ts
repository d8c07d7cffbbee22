import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useSelectVoice } from '../../preferences/index.ts';
import { useVoices } from '../api/voices-api.ts';

/**
 * Section 4: `?voiceId=` selects that voice once, then leaves the address. A voice missing from a cached list (one
 * saved a moment ago in another page) is looked for in a fresh list before the address is given up.
 */
export function useVoiceFromQuery() {
  const [searchParams, setSearchParams] = useSearchParams();
  const voices = useVoices();
  const { mutate: selectVoice } = useSelectVoice();
  const handled = useRef<string | null>(null);
  const refetchedFor = useRef<string | null>(null);
  const voiceId = searchParams.get('voiceId');
  const { data, isFetching, refetch } = voices;

  useEffect(() => {
    if (!voiceId || !data || handled.current === voiceId) return;
    const voice = data.voices.find((candidate) => candidate._id === voiceId);
    if (!voice && isFetching) return;
    if (!voice && refetchedFor.current !== voiceId) {
      refetchedFor.current = voiceId;
      void refetch();
      return;
    }
    handled.current = voiceId;
    if (voice) selectVoice(voice);
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('voiceId');
        return next;
      },
      { replace: true },
    );
  }, [voiceId, data, isFetching, refetch, selectVoice, setSearchParams]);
}
