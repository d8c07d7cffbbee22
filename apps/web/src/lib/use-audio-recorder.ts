import { useCallback, useEffect, useRef, useState } from 'react';

export type RecorderStatus = 'idle' | 'recording' | 'denied' | 'unsupported';

const PREFERRED_TYPE = 'audio/webm;codecs=opus';

function recordingType(): string {
  return typeof MediaRecorder !== 'undefined' && MediaRecorder.isTypeSupported(PREFERRED_TYPE) ? PREFERRED_TYPE : '';
}

/**
 * Microphone recording with MediaRecorder: a seconds counter, an automatic stop at `maxSeconds`, and the take handed
 * to `onRecorded` as a File (WebM/Opus where the browser has it).
 */
export function useAudioRecorder({ maxSeconds, onRecorded, fileStem }: { maxSeconds: number; onRecorded: (file: File, seconds: number) => void; fileStem: string }) {
  const [status, setStatus] = useState<RecorderStatus>(() => (typeof MediaRecorder === 'undefined' ? 'unsupported' : 'idle'));
  const [seconds, setSeconds] = useState(0);
  const recorderRef = useRef<MediaRecorder | null>(null);
  const startedAtRef = useRef(0);
  const onRecordedRef = useRef(onRecorded);
  onRecordedRef.current = onRecorded;

  const stop = useCallback(() => {
    if (recorderRef.current?.state === 'recording') recorderRef.current.stop();
  }, []);

  const start = useCallback(async () => {
    if (typeof MediaRecorder === 'undefined' || !navigator.mediaDevices) return setStatus('unsupported');
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      return setStatus('denied');
    }
    const type = recordingType();
    const recorder = new MediaRecorder(stream, type ? { mimeType: type } : undefined);
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => chunks.push(event.data);
    recorder.onstop = () => {
      stream.getTracks().forEach((track) => track.stop());
      const length = (performance.now() - startedAtRef.current) / 1000;
      const mime = recorder.mimeType || 'audio/webm';
      const stamp = new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-');
      onRecordedRef.current(new File(chunks, `${fileStem}-${stamp}.webm`, { type: mime.split(';')[0] ?? 'audio/webm' }), length);
      recorderRef.current = null;
      setStatus('idle');
    };
    recorderRef.current = recorder;
    startedAtRef.current = performance.now();
    setSeconds(0);
    recorder.start(250);
    setStatus('recording');
  }, [fileStem]);

  useEffect(() => {
    if (status !== 'recording') return;
    const timer = setInterval(() => {
      const elapsed = (performance.now() - startedAtRef.current) / 1000;
      setSeconds(Math.floor(elapsed));
      if (elapsed >= maxSeconds) stop();
    }, 250);
    return () => clearInterval(timer);
  }, [status, maxSeconds, stop]);

  useEffect(() => () => stop(), [stop]);

  return { status, seconds, start, stop };
}
