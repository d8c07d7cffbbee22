import { useTranslation } from '../../../lib/translator.ts';
import { SlotsMeter } from '../../../components/ui/studio.tsx';
import { useVoiceSlots } from '../api/my-voices-api.ts';

/** "Voice slots remaining n / total" from the plan (GET /voices/mine); nothing until it is known. */
export function VoiceSlotsMeter() {
  const { t } = useTranslation();
  const slots = useVoiceSlots();
  if (!slots) return null;
  return (
    <div data-testid="voice-slots" data-remaining={Math.max(0, slots.total - slots.used)} data-total={slots.total}>
      <SlotsMeter label={t('voiceLab.slotsRemaining')} used={Math.max(0, slots.total - slots.used)} total={slots.total} />
    </div>
  );
}
