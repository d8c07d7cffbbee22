import { useRef, useState, type DragEvent } from 'react';
import { Mic, Square, Upload } from 'lucide-react';
import { useTranslation } from '../../lib/translator.ts';
import { cn } from '../../lib/cn.ts';
import { useAudioRecorder } from '../../lib/use-audio-recorder.ts';
import { formatDuration } from '../../lib/format-duration.ts';

const TILE = 'flex w-full flex-col items-center gap-3 rounded-2xl border-2 border-dashed px-6 py-9 text-center transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-60';

function TileIcon({ icon: Icon, active = false }: { icon: typeof Upload; active?: boolean }) {
  return (
    <span className={cn('flex size-12 items-center justify-center rounded-2xl', active ? 'bg-destructive text-white' : 'bg-accent text-accent-foreground')}>
      <Icon className="size-6" aria-hidden />
    </span>
  );
}

/** Click to choose or drop files; the hidden input keeps the native picker and its accessibility. */
export function FileDropTile({
  title,
  description,
  accept,
  multiple = false,
  disabled = false,
  onFiles,
  testId,
}: {
  title: string;
  description: string;
  accept: string;
  multiple?: boolean;
  disabled?: boolean;
  onFiles: (files: File[]) => void;
  testId?: string;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled) onFiles([...event.dataTransfer.files]);
  };
  return (
    <>
      <button
        type="button"
        disabled={disabled}
        onClick={() => inputRef.current?.click()}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(TILE, dragging ? 'border-primary bg-accent/60' : 'border-border bg-surface hover:border-primary/50')}
      >
        <TileIcon icon={Upload} />
        <span className="text-sm font-semibold">{title}</span>
        <span className="max-w-64 text-xs text-muted-foreground">{description}</span>
      </button>
      <input
        ref={inputRef}
        type="file"
        className="sr-only"
        tabIndex={-1}
        aria-label={title}
        accept={accept}
        multiple={multiple}
        disabled={disabled}
        data-testid={testId}
        onChange={(event) => {
          onFiles([...(event.target.files ?? [])]);
          event.target.value = '';
        }}
      />
    </>
  );
}

/** Record from the microphone with a running timer; stops by itself at `maxSeconds`. */
export function RecordTile({
  title,
  description,
  maxSeconds,
  fileStem,
  disabled = false,
  onRecorded,
}: {
  title: string;
  description: string;
  maxSeconds: number;
  fileStem: string;
  disabled?: boolean;
  onRecorded: (file: File, seconds: number) => void;
}) {
  const { t } = useTranslation();
  const recorder = useAudioRecorder({ maxSeconds, onRecorded, fileStem });
  const recording = recorder.status === 'recording';
  const note =
    recorder.status === 'denied' ? t('recorder.denied') : recorder.status === 'unsupported' ? t('recorder.unsupported') : recording ? t('recorder.stopHint') : description;
  return (
    <button
      type="button"
      disabled={disabled || recorder.status === 'unsupported'}
      onClick={() => (recording ? recorder.stop() : void recorder.start())}
      aria-pressed={recording}
      className={cn(TILE, recording ? 'border-destructive/60 bg-destructive-soft' : 'border-border bg-surface hover:border-primary/50')}
      data-testid="record-tile"
    >
      <TileIcon icon={recording ? Square : Mic} active={recording} />
      <span className="text-sm font-semibold">
        {recording ? t('recorder.recording', { time: formatDuration(recorder.seconds), max: formatDuration(maxSeconds) }) : title}
      </span>
      <span className={cn('max-w-64 text-xs', recorder.status === 'denied' ? 'text-destructive' : 'text-muted-foreground')}>{note}</span>
    </button>
  );
}
