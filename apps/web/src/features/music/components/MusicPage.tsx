import { Disc3, Music2, Shuffle, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_MUSIC_DURATION, DEFAULT_MUSIC_PROMPT, MUSIC_DURATIONS } from '@sound-studio/shared';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Textarea } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select.tsx';
import { ComingSoonNote, EmptyState } from '../../../components/ui/studio.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';

function PromptPanel() {
  const { t } = useTranslation();
  return (
    <Card className="flex flex-col gap-5 p-5 sm:p-6">
      <Tabs defaultValue="simple">
        <TabsList>
          <TabsTrigger value="simple">{t('music.simple')}</TabsTrigger>
          <TabsTrigger value="advanced">{t('music.advanced')}</TabsTrigger>
        </TabsList>
        <TabsContent value="simple" className="mt-4 flex flex-col gap-2">
          <Label htmlFor="music-prompt">{t('music.prompt')}</Label>
          <Textarea id="music-prompt" placeholder={DEFAULT_MUSIC_PROMPT} />
        </TabsContent>
        <TabsContent value="advanced" className="mt-4 flex flex-col gap-4">
          <div className="flex flex-col gap-2">
            <Label htmlFor="music-prompt-advanced">{t('music.prompt')}</Label>
            <Textarea id="music-prompt-advanced" placeholder={DEFAULT_MUSIC_PROMPT} />
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor="music-lyrics">{t('music.lyrics')}</Label>
            <Textarea id="music-lyrics" placeholder={t('music.lyricsPlaceholder')} />
          </div>
        </TabsContent>
      </Tabs>
      <div className="flex flex-col gap-2">
        <Label htmlFor="music-duration">{t('music.duration')}</Label>
        <Select defaultValue={String(DEFAULT_MUSIC_DURATION)}>
          <SelectTrigger id="music-duration">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {MUSIC_DURATIONS.map((seconds) => (
              <SelectItem key={seconds} value={String(seconds)}>
                {t('music.seconds', { count: seconds })}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="flex gap-2">
        <Button variant="outline" disabled aria-label={t('music.randomPrompt')}>
          <Shuffle aria-hidden />
        </Button>
        <Button className="flex-1" disabled>
          <Sparkles aria-hidden />
          {t('music.create')}
        </Button>
      </div>
      <ComingSoonNote>{t('music.soon')}</ComingSoonNote>
    </Card>
  );
}

export function MusicPage() {
  const { t } = useTranslation();
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
      />
      <Tabs defaultValue="work" className="flex flex-col gap-6">
        <TabsList className="self-start">
          <TabsTrigger value="work">{t('music.myWork')}</TabsTrigger>
          <TabsTrigger value="featured">{t('music.featured')}</TabsTrigger>
        </TabsList>
        <TabsContent value="work" className="grid gap-6 lg:grid-cols-[360px_minmax(0,1fr)]">
          <PromptPanel />
          <EmptyState icon={Disc3} title={t('music.noTracks')} description={t('music.noTracksHint')} className="h-full" />
        </TabsContent>
        <TabsContent value="featured">
          <p className="mb-4 text-sm text-muted-foreground">{t('music.featuredHint')}</p>
          <EmptyState icon={Music2} title={t('home.noFeatured')} description={t('home.noFeaturedHint')} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
