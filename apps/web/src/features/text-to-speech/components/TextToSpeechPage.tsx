import { useState } from 'react';
import { FileUp, History } from 'lucide-react';
import { useTranslation } from '../../../lib/translator.ts';
import type { TtsJob } from '@sound-studio/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { speechVoiceId, useVoiceFromQuery } from '../../voices/index.ts';
import { useGenerateSpeech } from '../hooks/use-generate-speech.ts';
import { useSpeechChoices } from '../hooks/use-speech-choices.ts';
import { DocumentDialog } from './DocumentDialog.tsx';
import { GenerationFailureDialog } from './GenerationFailureDialog.tsx';
import { HistoryDialog } from './HistoryDialog.tsx';
import { JobProgress } from './JobProgress.tsx';
import { SpokenWords } from './SpokenWords.tsx';
import { SpeechEditor } from './SpeechEditor.tsx';
import { SpeechSettingsPanel } from './SpeechSettingsPanel.tsx';

export function TextToSpeechPage() {
  const { t } = useTranslation();
  useVoiceFromQuery();
  const choices = useSpeechChoices();
  const { generate, isGenerating, failure, dismissFailure, lastAudio } = useGenerateSpeech();
  const [text, setText] = useState('');
  const [touched, setTouched] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [documentOpen, setDocumentOpen] = useState(false);
  const [loadedFile, setLoadedFile] = useState<string | null>(null);
  const [job, setJob] = useState<{ job: TtsJob; fileName: string } | null>(null);
  // The downloads and spoken words belong to the last audio only while the editor holds the text it was made from
  // (a document loaded, a cleared or edited text: they would be some other text's files).
  const shownAudio = lastAudio?.text === text ? lastAudio : null;
  const canCreate = Boolean(text.trim() && choices.voice) && !isGenerating;
  const create = () => {
    const request = choices.request(text);
    if (request && choices.voice) void generate({ request, voice: choices.voice });
  };
  return (
    <div className="flex flex-col gap-8">
      <PageHeader
        title={t('nav.textToSpeech')}
        description={t('tts.description')}
        actions={
          <>
            <Button variant="outline" onClick={() => setHistoryOpen(true)} data-testid="open-history">
              <History aria-hidden />
              {t('tts.history')}
            </Button>
            <Button variant="outline" onClick={() => setDocumentOpen(true)} data-testid="open-document">
              <FileUp aria-hidden />
              {t('tts.upload')}
            </Button>
          </>
        }
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_320px]">
        <div className="flex min-w-0 flex-col gap-4">
          {loadedFile && (
            <Alert tone="success">
              {t('tts.document.loaded', { name: loadedFile })}
            </Alert>
          )}
          <SpeechEditor
            text={text}
            onTextChange={(next) => {
              setText(next);
              setTouched(true);
            }}
            canCreate={canCreate}
            isGenerating={isGenerating}
            onCreate={create}
            lastAudio={shownAudio}
            neural={Boolean(choices.voice?.neural)}
            upstream={choices.voice?.upstream ?? null}
            validationHint={touched && !text.trim() ? t('validation.ttsTextAndVoiceRequired') : null}
          />
          {shownAudio && <SpokenWords key={shownAudio.generationId} generationId={shownAudio.generationId} />}
          {job && <JobProgress key={job.job.id} job={job.job} fileName={job.fileName} />}
        </div>
        <SpeechSettingsPanel
          voice={choices.voice}
          mood={choices.mood}
          onMoodChange={choices.setMood}
          onVoiceChosen={choices.onVoiceChosen}
          language={choices.language}
          onLanguageChange={choices.setLanguage}
          settings={choices.settings}
          onSettingChange={choices.setSetting}
          model={choices.model}
          onModelChange={choices.setModel}
        />
      </div>
      <HistoryDialog open={historyOpen} onOpenChange={setHistoryOpen} />
      <DocumentDialog
        open={documentOpen}
        onOpenChange={setDocumentOpen}
        options={{
          voiceId: choices.voice ? speechVoiceId(choices.voice) : undefined,
          mood: choices.mood ?? undefined,
          ...choices.settings,
          language: choices.language ?? undefined,
          model: choices.model,
        }}
        onText={(loaded, fileName) => {
          setText(loaded);
          setLoadedFile(fileName);
        }}
        onJob={(started, fileName) => setJob({ job: started, fileName })}
      />
      <GenerationFailureDialog failure={failure} onClose={dismissFailure} />
    </div>
  );
}
