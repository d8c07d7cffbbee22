import { useTranslation } from '../../../lib/translator.ts';
import { cn } from '../../../lib/cn.ts';
import { useTagLabel } from '../hooks/use-tag-label.ts';
import { visibleTags } from '../music-rules.ts';

/** The first two tags and '+N' for the rest (the full list in the tooltip). */
export function TagList({ tags, className }: { tags: readonly string[]; className?: string }) {
  const { t } = useTranslation();
  const label = useTagLabel();
  const { tags: shown, more } = visibleTags(tags);
  if (tags.length === 0) return null;
  return (
    <ul className={cn('flex min-w-0 flex-wrap gap-1', className)} aria-label={t('music.tagsLabel')} data-testid="track-tags">
      {shown.map((tag) => (
        <li key={tag} className="max-w-32 truncate rounded-full bg-muted px-2 py-0.5 text-[11px] leading-4 font-medium text-muted-foreground">
          {label(tag)}
        </li>
      ))}
      {more > 0 && (
        <li className="rounded-full bg-accent px-2 py-0.5 text-[11px] leading-4 font-semibold text-accent-foreground" title={tags.slice(shown.length).map(label).join(', ')} aria-label={t('music.moreTags', { count: more })}>
          +{more}
        </li>
      )}
    </ul>
  );
}
