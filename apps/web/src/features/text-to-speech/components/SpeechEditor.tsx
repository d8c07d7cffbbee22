import { Download, Sparkles } from 'lucide-react';
import { useRef, useState, type ClipboardEvent } from 'react';
import { useTranslation } from '../../../lib/translator.ts';
import { DEFAULT_CREDIT_RATES, TEXT_MAX_LENGTH } from '@sound-studio/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Textarea } from '../../../components/ui/input.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useFormatters } from '../../../lib/i18n.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { downloadAudio, downloadFileName } from '../../player/index.ts';
import { ttsApi } from '../api/tts-api.ts';
import { limitPaste } from '../paste-limit.ts';
import type { LastAudio } from '../hooks/use-generate-speech.ts';
import { wordCount } from '../speech-item.ts';

interface SpeechEditorProps {
  text: string;
  onTextChange: (text: string) => void;
  canCreate: boolean;
  isGenerating: boolean;
  onCreate: () => void;
  lastAudio: LastAudio | null;
  /** Why Create is unavailable, once the user has started (section 5's message). */
  validationHint: string | null;
  /** The chosen voice is an installed neural voice, which has its own per-character rate. */
  neural?: boolean;
  /** The chosen voice is an upstream provider's: its operator-set price per character. */
  upstream?: { label: string; creditsPerCharacter: number } | null;
}

function DownloadLink({ audio }: { audio: { audioUrl: string; displayName: string } }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="outline"
      loading={busy}
      onClick={async () => {
        setBusy(true);
        try {
          await downloadAudio(audio.audioUrl, audio.displayName);
        } catch {
          toast.show(t('player.downloadFailed'), 'error');
        } finally {
          setBusy(false);
        }
      }}
      data-testid="tts-download"
    >
      {!busy && <Download aria-hidden />}
      {t('tts.download')}
    </Button>
  );
}

/** Saves the generation's captions under the same name as its MP3. */
async function downloadCaptions(audio: LastAudio, format: 'srt' | 'vtt'): Promise<void> {
  const response = await ttsApi.captions(audio.generationId, format);
  saveFile(await response.blob(), downloadFileName(audio.displayName).replace(/\.mp3$/, `.${format}`));
}

function CaptionsLink({ audio, format }: { audio: LastAudio; format: 'srt' | 'vtt' }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="outline"
      loading={busy}
      onClick={async () => {
        setBusy(true);
        try {
          await downloadCaptions(audio, format);
        } catch {
          toast.show(t('tts.captionsFailed'), 'error');
        } finally {
          setBusy(false);
        }
      }}
      aria-label={t(format === 'srt' ? 'tts.downloadSrt' : 'tts.downloadVtt')}
      data-testid={`tts-download-${format}`}
    >
      {format.toUpperCase()}
    </Button>
  );
}

/** The characters the last paste lost to the limit, while the editor still holds the text that paste left. */
interface CutPaste {
  dropped: number;
  text: string;
}

/**
 * A paste that does not fit is cut here rather than by the browser's maxLength, which drops the rest silently: the
 * kept part goes in at the caret and the editor says how much was left out.
 */
function usePasteLimit(text: string, onTextChange: (text: string) => void) {
  const [cut, setCut] = useState<CutPaste | null>(null);
  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const area = event.currentTarget;
    const limited = limitPaste(text, event.clipboardData.getData('text/plain'), { start: area.selectionStart, end: area.selectionEnd }, TEXT_MAX_LENGTH);
    if (!limited) return;
    event.preventDefault();
    onTextChange(limited.text);
    setCut({ dropped: limited.dropped, text: limited.text });
    requestAnimationFrame(() => area.setSelectionRange(limited.caret, limited.caret));
  };
  return { onPaste, dropped: cut?.text === text ? cut.dropped : 0 };
}

/** The text area with section 2's counter 'n / 5,000', word count, cost, Clear, Create and the download link. */
export function SpeechEditor({ text, onTextChange, canCreate, isGenerating, onCreate, lastAudio, validationHint, neural = false, upstream = null }: SpeechEditorProps) {
  const { t } = useTranslation();
  const { number } = useFormatters();
  const rate = upstream?.creditsPerCharacter ?? (neural ? DEFAULT_CREDIT_RATES.tts.neuralPerCharacter : DEFAULT_CREDIT_RATES.tts.perCharacter);
  // Rounded up as the server charges (a fractional provider price still costs whole credits).
  const cost = Math.ceil(text.length * rate);
  const costText = upstream
    ? t('tts.costUpstream', { credits: number(cost), rate: number(rate), provider: upstream.label })
    : neural
      ? t('tts.costNeural', { credits: number(cost), rate: number(rate) })
      : t('tts.cost', { credits: number(cost) });
  const paste = usePasteLimit(text, onTextChange);
  const statusRef = useRef<HTMLParagraphElement>(null);
  const create = () => {
    onCreate();
    // Create turns disabled while it works, which would drop focus to the page: the status line takes it instead.
    statusRef.current?.focus();
  };
  return (
    // The text area has no outline of its own: the card's full-strength ring shows its focus (3:1 or more).
    <Card className="flex flex-col p-5 transition has-[textarea:focus-visible]:border-ring has-[textarea:focus-visible]:ring-2 has-[textarea:focus-visible]:ring-ring sm:p-6">
      <label htmlFor="tts-text" className="sr-only">
        {t('tts.textLabel')}
      </label>
      <Textarea
        id="tts-text"
        value={text}
        maxLength={TEXT_MAX_LENGTH}
        onChange={(event) => onTextChange(event.target.value.slice(0, TEXT_MAX_LENGTH))}
        onPaste={paste.onPaste}
        placeholder={t('tts.placeholder')}
        aria-describedby="tts-counter"
        bare
        className="min-h-72 flex-1"
      />
      {paste.dropped > 0 && (
        <Alert tone="warning" className="mt-3">
          <span data-testid="tts-paste-cut">
            {t('tts.pasteCut', { count: paste.dropped, formatted: number(paste.dropped), limit: number(TEXT_MAX_LENGTH) })} {t('tts.pasteCutHint')}
          </span>
        </Alert>
      )}
      <div className="mt-4 flex flex-col gap-3 border-t border-border pt-4 sm:flex-row sm:flex-wrap sm:items-center">
        <div className="flex flex-col text-xs text-muted-foreground">
          <span id="tts-counter" className="tabular-nums" data-testid="tts-counter">
            {number(text.length)} / {number(TEXT_MAX_LENGTH)} · {t('tts.words', { count: wordCount(text) })}
          </span>
          <span className="tabular-nums" data-testid="tts-cost">
            {costText}
          </span>
          <p ref={statusRef} tabIndex={-1} role="status" className="rounded font-medium text-foreground focus-visible:outline-2 focus-visible:outline-ring" data-testid="tts-status">
            {isGenerating ? t('tts.status.creating') : lastAudio ? t('tts.status.ready', { name: lastAudio.displayName }) : ''}
          </p>
          {validationHint && (
            <span className="mt-1 font-medium text-warning" data-testid="tts-validation">
              {validationHint}
            </span>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-2 sm:ml-auto">
          <Button variant="ghost" onClick={() => onTextChange('')} disabled={!text || isGenerating}>
            {t('tts.clear')}
          </Button>
          {lastAudio && <DownloadLink audio={lastAudio} />}
          {lastAudio && <CaptionsLink audio={lastAudio} format="srt" />}
          {lastAudio && <CaptionsLink audio={lastAudio} format="vtt" />}
          <Button onClick={create} disabled={!canCreate} loading={isGenerating} data-testid="tts-create">
            {!isGenerating && <Sparkles aria-hidden />}
            {isGenerating ? t('tts.creating') : t('tts.create')}
          </Button>
        </div>
      </div>
    </Card>
  );
}
