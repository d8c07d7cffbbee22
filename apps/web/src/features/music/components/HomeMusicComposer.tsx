import { useNavigate } from 'react-router';
import { DEFAULT_MUSIC_MODEL } from '@sound-studio/shared';
import { useLocalizedPath } from '../../../lib/i18n.ts';
import { PromptPanel } from './PromptPanel.tsx';

/** Home's 'Music creation' tab: the compact prompt; a created track is followed on the music page. */
export function HomeMusicComposer() {
  const navigate = useNavigate();
  const localized = useLocalizedPath();
  return <PromptPanel variant="compact" modelId={DEFAULT_MUSIC_MODEL} onCreated={() => void navigate(localized('/music'))} />;
}
