import { useMemo, useState } from 'react';
import { Wand2 } from 'lucide-react';
import { useTranslation } from '../../../lib/translator.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { EmptyState } from '../../../components/ui/studio.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import type { CustomVoiceReply, VoiceDesignPreview } from '@sound-studio/shared';
import { CustomVoiceResult, VoiceSlotsMeter } from '../../voices/index.ts';
import { candidateDifferences } from '../candidate-differences.ts';
import { DesignCandidateCard } from './DesignCandidateCard.tsx';
import { DesignForm } from './DesignForm.tsx';
import { SaveDesignForm } from './SaveDesignForm.tsx';

function CandidatesSkeleton() {
  return (
    <ul className="grid gap-3 md:grid-cols-3" aria-hidden data-testid="design-skeleton">
      {Array.from({ length: 3 }, (_, index) => (
        <li key={index} className="flex flex-col gap-3 rounded-2xl border border-border p-4">
          <Skeleton className="size-9 rounded-full" />
          <Skeleton className="h-3 w-3/4" />
          <Skeleton className="h-3 w-1/2" />
        </li>
      ))}
    </ul>
  );
}

/** Describe a voice, hear three candidates, keep one in My Voices. */
export function VoiceDesignPage() {
  const { t } = useTranslation();
  const [previews, setPreviews] = useState<readonly VoiceDesignPreview[]>([]);
  const [generating, setGenerating] = useState(false);
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [saved, setSaved] = useState<CustomVoiceReply | null>(null);
  const chosen = previews.find((preview) => preview.previewId === chosenId) ?? null;
  const differences = useMemo(() => candidateDifferences(previews.map((preview) => preview.params)), [previews]);
  return (
    <div className="flex flex-col gap-8">
      <PageHeader
        title={t('nav.voiceDesign')}
        badge={
          <Badge tone="brand" className="uppercase">
            {t('nav.badges.new')}
          </Badge>
        }
        description={t('voiceDesign.description')}
        actions={<VoiceSlotsMeter />}
      />
      <DesignForm
        onGenerating={setGenerating}
        onPreviews={(next) => {
          setPreviews(next);
          setChosenId(next[0]?.previewId ?? null);
          setSaved(null);
        }}
      />
      <section className="flex flex-col gap-4" aria-labelledby="design-candidates-title">
        <h2 id="design-candidates-title" className="text-base font-semibold">
          {t('voiceDesign.candidates')}
        </h2>
        {generating ? (
          <CandidatesSkeleton />
        ) : previews.length === 0 ? (
          <EmptyState icon={Wand2} title={t('voiceDesign.emptyTitle')} description={t('voiceDesign.emptyHint')} />
        ) : (
          <>
            <ul className="grid gap-3 md:grid-cols-3" data-testid="design-candidates">
              {previews.map((preview, index) => (
                <DesignCandidateCard
                  key={preview.previewId}
                  preview={preview}
                  index={index}
                  difference={differences[index]}
                  chosen={preview.previewId === chosenId}
                  onChoose={() => setChosenId(preview.previewId)}
                />
              ))}
            </ul>
            {chosen && !saved && <SaveDesignForm previewId={chosen.previewId} onSaved={setSaved} />}
          </>
        )}
        {saved && <CustomVoiceResult voice={saved.voice} />}
      </section>
      <span className="sr-only" aria-live="polite">
        {generating ? t('voiceDesign.generating') : ''}
      </span>
    </div>
  );
}
