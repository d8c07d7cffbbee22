import { Check, Fingerprint, Wand2 } from 'lucide-react';
import { useTranslation } from '../../../lib/translator.ts';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { useLocalizedPath } from '../../../lib/i18n.ts';
import { PreferenceErrorAlert } from '../../preferences/index.ts';
import { CustomVoiceActions, useSelectedVoice, useVoiceSlots, VoiceBrowser, VoiceSlotsMeter } from '../../voices/index.ts';

const TABS = ['library', 'myVoices', 'collected', 'selected'] as const;

function CreateCard({ to, icon: Icon, title, description, note }: { to: string; icon: typeof Wand2; title: string; description: string; note: string | null }) {
  return (
    <Link to={to} className="group rounded-2xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring">
      <Card className="flex items-center gap-4 p-5 transition group-hover:border-primary/40">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-2xl bg-brand text-white">
          <Icon className="size-5" aria-hidden />
        </span>
        <div>
          <p className="text-sm font-semibold">{title}</p>
          <p className="text-sm text-muted-foreground">{description}</p>
          {note && (
            <p className="mt-1 text-xs font-medium text-primary" data-testid="create-card-slots">
              {note}
            </p>
          )}
        </div>
      </Card>
    </Link>
  );
}

/** Section 2's voice library: create cards, the tabs and filters, the selected voice first; Use opens the editor with it. */
export function VoiceLibraryPage() {
  const { t } = useTranslation();
  const localized = useLocalizedPath();
  const navigate = useNavigate();
  const { voice: selected } = useSelectedVoice();
  const slots = useVoiceSlots();
  const slotsNote = slots ? t('voiceLab.slotsFree', { remaining: Math.max(0, slots.total - slots.used), total: slots.total }) : null;
  return (
    <div className="flex flex-col gap-8">
      <PageHeader title={t('nav.voiceLibrary')} description={t('voiceLibrary.description')} actions={<VoiceSlotsMeter />} />
      <div className="grid gap-4 sm:grid-cols-2">
        <CreateCard to={localized('/voice-design')} icon={Wand2} title={t('nav.voiceDesign')} description={t('voiceLibrary.designHint')} note={slotsNote} />
        <CreateCard to={localized('/voice-clone')} icon={Fingerprint} title={t('voiceLibrary.instantClone')} description={t('voiceLibrary.cloneHint')} note={slotsNote} />
      </div>
      <PreferenceErrorAlert />
      <VoiceBrowser
        tabs={TABS}
        renderAction={(voice) => (
          <>
            {voice.category === 'custom' && <CustomVoiceActions voice={voice} />}
            {voice._id === selected?._id ? (
              <Button size="sm" variant="subtle" onClick={() => void navigate(localized('/text-to-speech'))} data-testid="selected-voice">
                <Check aria-hidden />
                {t('voices.selected')}
              </Button>
            ) : (
              <Button
                size="sm"
                onClick={() => void navigate(`${localized('/text-to-speech')}?voiceId=${encodeURIComponent(voice._id)}`)}
                aria-label={t('voices.useVoice', { name: voice.name })}
                data-testid="use-voice"
              >
                {t('voices.use')}
              </Button>
            )}
          </>
        )}
      />
    </div>
  );
}
