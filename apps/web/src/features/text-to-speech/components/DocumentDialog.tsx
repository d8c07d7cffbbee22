import { useId, useState, type DragEvent } from 'react';
import { FileText, FileUp } from 'lucide-react';
import { useTranslation } from '../../../lib/translator.ts';
import { UPLOAD_LIMITS, type DocumentMode, type TtsJob } from '@sound-studio/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { isApiError } from '../../../lib/api/index.ts';
import { cn } from '../../../lib/cn.ts';
import { useFormatters, useTranslateMessage } from '../../../lib/i18n.ts';
import { ttsApi, type DocumentOptions } from '../api/tts-api.ts';
import { checkDocument, DOCUMENT_ACCEPT } from '../document-rules.ts';
import { DocumentCostConfirm, type DocumentEstimate } from './DocumentCostConfirm.tsx';

interface DocumentDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The voice and settings a long document is read with. */
  options: DocumentOptions;
  onText: (text: string, fileName: string) => void;
  onJob: (job: TtsJob, fileName: string) => void;
}

/**
 * Upload a .pdf, .txt, .html or .docx (50 MB, 200,000 characters): text that fits goes into the editor, a longer one
 * becomes a long-form job read sentence by sentence into one file. The first upload only prices a long document; its
 * job starts (and its credits are held) once the user has seen the cost and confirmed.
 */
export function DocumentDialog({ open, onOpenChange, options, onText, onJob }: DocumentDialogProps) {
  const { t } = useTranslation();
  const { number } = useFormatters();
  const translate = useTranslateMessage();
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [estimate, setEstimate] = useState<DocumentEstimate | null>(null);

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    const problem = checkDocument(chosen);
    setFile(problem ? null : chosen);
    setEstimate(null);
    setError(problem ? t(`tts.document.errors.${problem}`) : null);
  };

  const close = (next: boolean) => {
    if (uploading) return;
    if (!next) {
      setFile(null);
      setError(null);
      setEstimate(null);
    }
    onOpenChange(next);
  };

  const upload = async (mode: DocumentMode) => {
    if (!file) return;
    setUploading(true);
    setError(null);
    try {
      const reply = await ttsApi.uploadDocument(file, options, mode);
      if (reply.kind === 'estimate') return setEstimate(reply);
      if (reply.kind === 'text') onText(reply.text, reply.fileName);
      else onJob(reply.job, reply.fileName);
      setFile(null);
      setEstimate(null);
      onOpenChange(false);
    } catch (failure) {
      if (isApiError(failure) && failure.code === 'DOCUMENT_TOO_COMPLEX') setError(t('tts.document.errors.tooComplex'));
      else setError(isApiError(failure) && failure.status > 0 ? translate(failure.message) : t('tts.document.errors.failed'));
    } finally {
      setUploading(false);
    }
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files[0]);
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent title={t('tts.document.title')} description={t('tts.document.description')} data-testid="document-dialog">
        {estimate ? (
          <div className="flex flex-col gap-4">
            <DocumentCostConfirm estimate={estimate} starting={uploading} onConfirm={() => void upload('create')} onCancel={() => close(false)} />
            {error && <Alert tone="error">{error}</Alert>}
          </div>
        ) : (
          <div className="flex flex-col gap-4">
            <label
              htmlFor={inputId}
              onDragOver={(event) => {
                event.preventDefault();
                setDragging(true);
              }}
              onDragLeave={() => setDragging(false)}
              onDrop={onDrop}
              className={cn(
                'flex cursor-pointer flex-col items-center gap-3 rounded-2xl border-2 border-dashed px-6 py-9 text-center transition',
                'has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-ring',
                dragging ? 'border-primary bg-accent' : 'border-border hover:border-primary/40',
              )}
            >
              <span className="flex size-12 items-center justify-center rounded-2xl bg-accent text-accent-foreground">
                <FileUp className="size-6" aria-hidden />
              </span>
              <span className="text-sm font-semibold">{t('tts.document.drop')}</span>
              <span className="max-w-64 text-xs text-muted-foreground">
                {t('tts.document.limits', { size: number(UPLOAD_LIMITS.documentBytes / (1024 * 1024)), characters: number(UPLOAD_LIMITS.documentMaxCharacters) })}
              </span>
              <input
                id={inputId}
                type="file"
                accept={DOCUMENT_ACCEPT}
                className="sr-only"
                aria-label={t('tts.document.choose')}
                data-testid="document-input"
                onChange={(event) => {
                  choose(event.target.files?.[0]);
                  event.target.value = '';
                }}
              />
            </label>
            {file && (
              <p className="flex items-center gap-2 rounded-xl bg-muted px-3 py-2.5 text-sm" data-testid="document-file">
                <FileText className="size-4 shrink-0 text-primary" aria-hidden />
                <span className="min-w-0 flex-1 truncate font-medium">{file.name}</span>
                <span className="text-xs text-muted-foreground tabular-nums">{number(Math.max(1, Math.round(file.size / 1024)))} KB</span>
              </p>
            )}
            {error && <Alert tone="error">{error}</Alert>}
            <div className="flex justify-end gap-2">
              <Button variant="outline" onClick={() => close(false)} disabled={uploading}>
                {t('tts.cancel')}
              </Button>
              <Button onClick={() => void upload('estimate')} disabled={!file} loading={uploading} data-testid="document-create">
                {uploading ? t('tts.document.reading') : t('tts.create')}
              </Button>
            </div>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
