import { useState } from 'react';
import { AudioLines, BookOpen, GraduationCap, Megaphone, Music2, Sparkles } from 'lucide-react';
import { useTranslation } from '../../lib/translator.ts';
import { SPEECH_MODELS, TEXT_MAX_LENGTH, type SpeechModel, type Voice } from '@sound-studio/shared';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Textarea } from '../../components/ui/input.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';
import { useCurrentUser, useIsNewAccount } from '../../features/auth/index.ts';
import { DiscoverMusic, HomeMusicComposer } from '../../features/music/index.ts';
import { GenerationFailureDialog, useGenerateSpeech, useSpeechChoices } from '../../features/text-to-speech/index.ts';
import { useLanguageNames, useVoiceDescription, useVoicePreview, useVoices, VoiceAvatar, VoicePickerButton } from '../../features/voices/index.ts';
import { QUICK_PROMPTS, SHOWCASE_SIZE, showcaseVoices } from './showcase.ts';

const PROMPT_ICONS = { story: BookOpen, commercial: Megaphone, tutor: GraduationCap } as const;

function SpeechComposer() {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const choices = useSpeechChoices();
  const { generate, isGenerating, failure, dismissFailure } = useGenerateSpeech();
  const generateSpeech = () => {
    const request = choices.request(text);
    if (request && choices.voice) void generate({ request, voice: choices.voice });
  };
  return (
    <Card className="transition has-[textarea:focus-visible]:border-primary/60 has-[textarea:focus-visible]:ring-2 has-[textarea:focus-visible]:ring-ring/25 p-5 sm:p-6">
      <label htmlFor="home-text" className="sr-only">
        {t('home.textLabel')}
      </label>
      <Textarea
        id="home-text"
        value={text}
        maxLength={TEXT_MAX_LENGTH}
        onChange={(event) => setText(event.target.value)}
        placeholder={t('home.textPlaceholder')}
        bare
        className="min-h-36"
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
        <Select value={choices.model} onValueChange={(value) => choices.setModel(value as SpeechModel)}>
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
        <VoicePickerButton className="sm:w-52" onSelect={choices.onVoiceChosen} />
        <Button className="sm:ml-auto" onClick={generateSpeech} disabled={!text.trim() || !choices.voice} loading={isGenerating} data-testid="home-generate">
          {!isGenerating && <Sparkles aria-hidden />}
          {t('home.generate')}
        </Button>
      </div>
      <GenerationFailureDialog failure={failure} onClose={dismissFailure} />
    </Card>
  );
}

function VoiceCard({ voice }: { voice: Voice }) {
  const { t } = useTranslation();
  const preview = useVoicePreview();
  const languageName = useLanguageNames();
  const describe = useVoiceDescription();
  return (
    <Card className="flex items-center gap-3.5 p-4" data-testid="explore-voice">
      <VoiceAvatar voice={voice} playing={preview.isPlaying(voice)} loading={preview.isLoading(voice)} onToggle={() => preview.toggle(voice)} />
      <div className="min-w-0">
        <p className="truncate text-sm font-semibold">{voice.name}</p>
        <p className="truncate text-xs text-muted-foreground">
          {languageName(voice.language)} · {t(`voices.genders.${voice.gender}`)} · {t(`voices.ages.${voice.age}`)}
        </p>
        <p className="truncate text-xs text-muted-foreground">{describe(voice)}</p>
      </div>
    </Card>
  );
}

function ExploreVoices() {
  const { t } = useTranslation();
  const { data, isPending } = useVoices();
  const showcase = data ? showcaseVoices(data.voices) : [];
  return (
    <section aria-labelledby="explore-voices" className="flex flex-col gap-4">
      <h2 id="explore-voices" className="text-lg font-semibold tracking-tight">
        {t('home.exploreVoices')}
      </h2>
      <ul className="grid grid-cols-[minmax(0,1fr)] gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {isPending
          ? Array.from({ length: SHOWCASE_SIZE }, (_, index) => (
              <li key={index}>
                <Skeleton className="h-[76px] rounded-2xl" />
              </li>
            ))
          : showcase.map((voice) => (
              <li key={voice._id}>
                <VoiceCard voice={voice} />
              </li>
            ))}
      </ul>
    </section>
  );
}

export function HomePage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const isNewAccount = useIsNewAccount();
  const firstName = user.name.split(' ')[0] ?? user.name;
  return (
    <div className="flex flex-col gap-10">
      <div>
        <p className="text-sm font-medium text-primary">{t('home.eyebrow')}</p>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight sm:text-[28px]">{t(isNewAccount ? 'home.greetingNew' : 'home.greeting', { name: firstName })}</h1>
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
          <HomeMusicComposer />
        </TabsContent>
      </Tabs>
      <ExploreVoices />
      <DiscoverMusic />
    </div>
  );
}
