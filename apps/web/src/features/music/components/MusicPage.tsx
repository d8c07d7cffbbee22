import { useState } from 'react';
import { Compass, Disc3 } from 'lucide-react';
import { useTranslation } from '../../../lib/translator.ts';
import { useSearchParams } from 'react-router';
import { DEFAULT_MUSIC_MODEL, MUSIC_MODELS } from '@sound-studio/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { useMusicModels } from '../api/use-music-queries.ts';
import { useTrackUpdates } from '../hooks/use-track-updates.ts';
import { FeaturedTab } from './FeaturedTab.tsx';
import { ModelPicker } from './ModelPicker.tsx';
import { PromptPanel } from './PromptPanel.tsx';
import { TrackList } from './TrackList.tsx';

type MusicTab = 'work' | 'featured';

/** The chosen model, or the first offered one when the choice is not (or no longer) in the list. */
function useModelChoice() {
  const models = useMusicModels();
  const [chosen, setChosen] = useState<string>(DEFAULT_MUSIC_MODEL);
  const options = models.data && models.data.length > 0 ? models.data : MUSIC_MODELS;
  const modelId = options.some((model) => model._id === chosen) ? chosen : (options[0]?._id ?? DEFAULT_MUSIC_MODEL);
  return { modelId, setModelId: setChosen, loadError: models.isError ? models.error.message : null };
}

/** Section 2's music page: model picker, 'My work' (prompt panel and tracks) and 'Featured'. ?prompt= prefills, ?tab=featured opens the catalogue. */
export function MusicPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const [tab, setTab] = useState<MusicTab>(searchParams.get('tab') === 'featured' ? 'featured' : 'work');
  const { modelId, setModelId, loadError } = useModelChoice();
  useTrackUpdates();
  return (
    <div className="flex flex-col gap-8">
      <PageHeader
        title={t('nav.music')}
        badge={
          <Badge tone="accent" className="uppercase">
            {t('nav.badges.beta')}
          </Badge>
        }
        description={t('music.description')}
        actions={<ModelPicker value={modelId} onChange={setModelId} />}
      />
      {loadError && <Alert tone="error">{t('music.errors.loadModels', { message: loadError })}</Alert>}
      <Tabs value={tab} onValueChange={(next) => setTab(next as MusicTab)} className="flex flex-col gap-6">
        <TabsList className="self-start">
          <TabsTrigger value="work">
            <Disc3 aria-hidden />
            {t('music.myWork')}
          </TabsTrigger>
          <TabsTrigger value="featured">
            <Compass aria-hidden />
            {t('music.featured')}
          </TabsTrigger>
        </TabsList>
        {/* Kept mounted while the catalogue is open, so a prompt being written survives a look at the featured tab. */}
        <TabsContent value="work" forceMount className="grid items-start data-[state=inactive]:hidden gap-6 lg:grid-cols-[minmax(0,380px)_minmax(0,1fr)]">
          <div className="lg:sticky lg:top-0">
            <PromptPanel modelId={modelId} initialPrompt={searchParams.get('prompt') ?? ''} />
          </div>
          <TrackList />
        </TabsContent>
        <TabsContent value="featured">
          <FeaturedTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
