import { useState } from 'react';
import { AudioLines, BookOpen, ChevronDown, GraduationCap, Megaphone, Music, Music2, Sparkles, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_SPEECH_MODEL, DEFAULT_VOICE_NAME, SPEECH_MODELS } from '@sound-studio/shared';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Textarea } from '../../../components/ui/input.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select.tsx';
import { ComingSoonNote, EmptyState } from '../../../components/ui/studio.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { useCurrentUser } from '../../auth/index.ts';
import { QUICK_PROMPTS, SAMPLE_VOICES } from './sample-voices.ts';

const PROMPT_ICONS = { story: BookOpen, commercial: Megaphone, tutor: GraduationCap } as const;

function SpeechComposer() {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [model, setModel] = useState<string>(DEFAULT_SPEECH_MODEL);
  return (
    <Card className="transition has-[textarea:focus-visible]:border-primary/60 has-[textarea:focus-visible]:ring-2 has-[textarea:focus-visible]:ring-ring/25 p-5 sm:p-6">
      <label htmlFor="home-text" className="sr-only">
        {t('home.textLabel')}
      </label>
      <Textarea
        id="home-text"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={t('home.textPlaceholder')}
        bare className="min-h-36"
      />
      <div className="mt-2 flex flex-wrap gap-2">
        {QUICK_PROMPTS.map((prompt) => {
          const Icon = PROMPT_ICONS[prompt];
          return (
            <Button key={prompt} variant="secondary" size="chip" onClick={() => setText(t(`home.prompts.${prompt}.text`))}>
              <Icon aria-hidden />
              {t(`home.prompts.${prompt}.label`)}
            </Button>
          );
        })}
      </div>
      <div className="mt-5 flex flex-col gap-3 border-t border-border pt-5 sm:flex-row sm:items-center">
        <Select value={model} onValueChange={setModel}>
          <SelectTrigger className="sm:w-56" aria-label={t('home.model')}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {SPEECH_MODELS.map((option) => (
              <SelectItem key={option} value={option}>
                {option}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <Button variant="outline" disabled className="justify-between sm:w-48" aria-label={t('home.voice', { voice: DEFAULT_VOICE_NAME })}>
          <span className="flex items-center gap-2">
            <UserRound aria-hidden />
            {DEFAULT_VOICE_NAME}
          </span>
          <ChevronDown aria-hidden />
        </Button>
        <Button className="sm:ml-auto" disabled>
          <Sparkles aria-hidden />
          {t('home.generate')}
        </Button>
      </div>
      <ComingSoonNote className="mt-4">{t('home.generationSoon')}</ComingSoonNote>
    </Card>
  );
}

function MusicComposer() {
  const { t } = useTranslation();
  return (
    <Card className="transition has-[textarea:focus-visible]:border-primary/60 has-[textarea:focus-visible]:ring-2 has-[textarea:focus-visible]:ring-ring/25 p-5 sm:p-6">
      <label htmlFor="home-music" className="sr-only">
        {t('home.musicLabel')}
      </label>
      <Textarea id="home-music" placeholder={t('home.musicPlaceholder')} bare className="min-h-36" />
      <div className="mt-5 flex items-center justify-end border-t border-border pt-5">
        <Button disabled>
          <Music aria-hidden />
          {t('home.createMusic')}
        </Button>
      </div>
      <ComingSoonNote className="mt-4">{t('home.generationSoon')}</ComingSoonNote>
    </Card>
  );
}

function ExploreVoices() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="explore-voices" className="flex flex-col gap-4">
      <h2 id="explore-voices" className="text-lg font-semibold tracking-tight">
        {t('home.exploreVoices')}
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {SAMPLE_VOICES.map((voice, index) => (
          <li key={voice.id}>
            <Card className="flex items-center gap-3.5 p-4">
              <span
                className="flex size-11 shrink-0 items-center justify-center rounded-xl text-white"
                style={{ background: `linear-gradient(135deg, hsl(${250 + index * 18} 80% 62%), hsl(${220 + index * 22} 75% 52%))` }}
                aria-hidden
              >
                <AudioLines className="size-5" />
              </span>
              <div className="min-w-0">
                <p className="truncate text-sm font-semibold">{voice.name}</p>
                <p className="truncate text-xs text-muted-foreground">
                  {t(`languages.${voice.language}`)} · {t(`home.voiceTypes.${voice.type}`)} · {t(`home.voicePatterns.${voice.pattern}`)}
                </p>
              </div>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function HomePage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const firstName = user.name.split(' ')[0] ?? user.name;
  return (
    <div className="flex flex-col gap-10">
      <div>
        <p className="text-sm font-medium text-primary">{t('home.eyebrow')}</p>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight sm:text-[28px]">{t('home.greeting', { name: firstName })}</h1>
      </div>
      <Tabs defaultValue="speech" className="flex flex-col gap-4">
        <TabsList className="self-start">
          <TabsTrigger value="speech">
            <AudioLines aria-hidden />
            {t('home.tabs.speech')}
          </TabsTrigger>
          <TabsTrigger value="music">
            <Music2 aria-hidden />
            {t('home.tabs.music')}
            <Badge tone="accent" className="uppercase">
              {t('nav.badges.beta')}
            </Badge>
          </TabsTrigger>
        </TabsList>
        <TabsContent value="speech">
          <SpeechComposer />
        </TabsContent>
        <TabsContent value="music">
          <MusicComposer />
        </TabsContent>
      </Tabs>
      <ExploreVoices />
      <section aria-labelledby="discover-music" className="flex flex-col gap-4">
        <h2 id="discover-music" className="text-lg font-semibold tracking-tight">
          {t('home.discoverMusic')}
        </h2>
        <EmptyState icon={Music2} title={t('home.noFeatured')} description={t('home.noFeaturedHint')} />
      </section>
    </div>
  );
}
