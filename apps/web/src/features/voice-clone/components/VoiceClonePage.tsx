import { Mic, Upload } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { UPLOAD_LIMITS } from '@sound-studio/shared';
import { Card } from '../../../components/ui/card.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Textarea } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select.tsx';
import { ActionTile, ComingSoonNote } from '../../../components/ui/studio.tsx';

const PREVIEW_LANGUAGES = ['en', 'es', 'fr', 'de', 'zh', 'ja', 'ko', 'ar'] as const;
const OPTIONS = ['noiseRemoval', 'accentOptimisation'] as const;

export function VoiceClonePage() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-8">
      <PageHeader title={t('nav.voiceClone')} description={t('voiceClone.description')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <ActionTile icon={Upload} title={t('voiceClone.upload')} description={t('voiceClone.uploadHint', { megabytes: UPLOAD_LIMITS.cloneFileBytes / 1024 / 1024 })} />
        <ActionTile icon={Mic} title={t('voiceClone.record')} description={t('voiceClone.recordHint')} />
      </div>
      <Card className="grid gap-6 p-5 sm:p-7 lg:grid-cols-2">
        <div className="flex flex-col gap-4">
          <p className="text-sm font-semibold">{t('voiceClone.samples', { count: 0, max: UPLOAD_LIMITS.cloneSamplesMax })}</p>
          {OPTIONS.map((option) => (
            <div key={option} className="flex items-start gap-2.5">
              <Checkbox id={`clone-${option}`} defaultChecked disabled />
              <Label htmlFor={`clone-${option}`} className="font-normal text-muted-foreground">
                {t(`voiceClone.${option}`)}
              </Label>
            </div>
          ))}
        </div>
        <div className="flex flex-col gap-4">
          <div className="flex flex-col gap-2">
            <Label htmlFor="clone-language">{t('voiceClone.previewLanguage')}</Label>
            <Select defaultValue="en">
              <SelectTrigger id="clone-language">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {PREVIEW_LANGUAGES.map((language) => (
                  <SelectItem key={language} value={language}>
                    {t(`languages.${language}`)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor="clone-preview">{t('voiceClone.previewText')}</Label>
            <Textarea id="clone-preview" defaultValue={t('voiceDesign.previewDefault')} className="min-h-20" />
          </div>
        </div>
      </Card>
      <ComingSoonNote>{t('voiceClone.soon')}</ComingSoonNote>
    </div>
  );
}
