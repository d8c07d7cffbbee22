import { useTranslation } from '../../../lib/translator.ts';
import { MUSIC_MODELS } from '@sound-studio/shared';
import { Label } from '../../../components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select.tsx';
import { useMusicModels } from '../api/use-music-queries.ts';

/** The header's model picker; while the list is missing the built-in models stand in, so Create still works. */
export function ModelPicker({ value, onChange }: { value: string; onChange: (modelId: string) => void }) {
  const { t } = useTranslation();
  const models = useMusicModels();
  const options = models.data && models.data.length > 0 ? models.data : MUSIC_MODELS;
  return (
    <div className="flex w-full items-center gap-2.5 sm:w-auto">
      <Label htmlFor="music-model" className="shrink-0 text-muted-foreground">
        {t('music.model')}
      </Label>
      <Select value={value} onValueChange={onChange}>
        <SelectTrigger id="music-model" className="w-full sm:w-44" data-testid="music-model">
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
    </div>
  );
}
