import { useState } from 'react';
import { Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Textarea } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { ComingSoonNote, SlotsMeter } from '../../../components/ui/studio.tsx';

const PRESETS = ['narrator', 'villain', 'announcer', 'grandma', 'robot'] as const;

export function VoiceDesignPage() {
  const { t } = useTranslation();
  const [prompt, setPrompt] = useState('');
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
        actions={<SlotsMeter label={t('voiceDesign.slots')} used={2} total={3} />}
      />
      <Card className="flex flex-col gap-6 p-5 sm:p-7">
        <div className="flex flex-col gap-2">
          <Label htmlFor="design-prompt">{t('voiceDesign.prompt')}</Label>
          <Textarea id="design-prompt" value={prompt} onChange={(event) => setPrompt(event.target.value)} placeholder={t('voiceDesign.promptPlaceholder')} />
          <div className="flex flex-wrap gap-2 pt-1">
            {PRESETS.map((preset) => (
              <Button key={preset} variant="secondary" size="chip" onClick={() => setPrompt(t(`voiceDesign.presets.${preset}.text`))}>
                {t(`voiceDesign.presets.${preset}.label`)}
              </Button>
            ))}
          </div>
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor="design-preview">{t('voiceDesign.previewText')}</Label>
          <Textarea id="design-preview" defaultValue={t('voiceDesign.previewDefault')} className="min-h-20" />
        </div>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <ComingSoonNote className="sm:flex-1">{t('voiceDesign.soon')}</ComingSoonNote>
          <Button disabled>
            <Sparkles aria-hidden />
            {t('voiceDesign.generate')}
          </Button>
        </div>
      </Card>
    </div>
  );
}
