import { useTranslation } from 'react-i18next';
import { MUSIC_MODELS } from '@sound-studio/shared';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select.tsx';
import { useMusicModels } from '../api/use-music-queries.ts';

/** The header's model picker; while the list is missing the built-in models stand in, so Create still works. */
export function ModelPicker({ value, onChange }: { value: string; onChange: (modelId: string) => void }) {
  const { t } = useTranslation();
  const models = useMusicModels();
  const options = models.data && models.data.length > 0 ? models.data : MUSIC_MODELS;
  return (
    <Select value={value} onValueChange={onChange}>
      <SelectTrigger className="w-full sm:w-44" aria-label={t('music.model')} data-testid="music-model">
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {options.map((model) => (
          <SelectItem key={model._id} value={model._id}>
            {model.displayName}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
