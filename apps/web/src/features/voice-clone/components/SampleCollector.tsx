import { useState } from 'react';
import { useTranslation } from '../../../lib/translator.ts';
import { UPLOAD_LIMITS } from '@sound-studio/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { FileDropTile, RecordTile } from '../../../components/ui/upload-tiles.tsx';
import { measureMediaDuration } from '../../../lib/audio-duration.ts';
import { CLONE_ACCEPT, roomForSamples, sampleDurationProblem, sampleFileProblem } from '../clone-rules.ts';
import { SampleList, type CloneSample } from './SampleList.tsx';

const LIMITS = {
  megabytes: UPLOAD_LIMITS.cloneFileBytes / 1024 / 1024,
  min: UPLOAD_LIMITS.cloneSampleMinSeconds,
  max: UPLOAD_LIMITS.cloneSampleMaxSeconds,
};

/** Upload and record tiles plus the list; every file is checked for type, size and length before it is kept. */
export function SampleCollector({ samples, onChange }: { samples: readonly CloneSample[]; onChange: (next: CloneSample[]) => void }) {
  const { t } = useTranslation();
  const [problems, setProblems] = useState<string[]>([]);
  const [checking, setChecking] = useState(false);
  const full = roomForSamples(samples.length) === 0;

  const add = async (files: File[]) => {
    const found: string[] = [];
    const room = roomForSamples(samples.length);
    if (files.length > room) found.push(t('voiceClone.problems.count', { max: UPLOAD_LIMITS.cloneSamplesMax }));
    setChecking(true);
    const accepted: CloneSample[] = [];
    for (const file of files.slice(0, room)) {
      const early = sampleFileProblem(file);
      const duration = early ? null : await measureMediaDuration(file);
      const problem = early ?? sampleDurationProblem(duration);
      if (problem) {
        found.push(t(`voiceClone.problems.${problem}`, { name: file.name, seconds: Math.round(duration ?? 0), ...LIMITS }));
        continue;
      }
      accepted.push({ id: crypto.randomUUID(), file, durationSeconds: duration ?? 0, url: URL.createObjectURL(file) });
    }
    setChecking(false);
    setProblems(found);
    if (accepted.length > 0) onChange([...samples, ...accepted]);
  };

  const remove = (id: string) => {
    const sample = samples.find((item) => item.id === id);
    if (sample) URL.revokeObjectURL(sample.url);
    onChange(samples.filter((item) => item.id !== id));
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FileDropTile
          title={t('voiceClone.upload')}
          description={t('voiceClone.uploadHint', { megabytes: LIMITS.megabytes })}
          accept={CLONE_ACCEPT}
          multiple
          disabled={full || checking}
          onFiles={(files) => void add(files)}
          testId="clone-file-input"
        />
        <RecordTile
          title={t('voiceClone.record')}
          description={t('voiceClone.recordHint')}
          maxSeconds={UPLOAD_LIMITS.cloneSampleMaxSeconds}
          fileStem="sample"
          disabled={full || checking}
          onRecorded={(file) => void add([file])}
        />
      </div>
      {problems.length > 0 && (
        <Alert tone="error">
          <ul className="flex flex-col gap-0.5" data-testid="sample-problems">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </Alert>
      )}
      <SampleList samples={samples} onRemove={remove} />
    </div>
  );
}
