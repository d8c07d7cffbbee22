import { ArrowRight, Music2 } from 'lucide-react';
import { useTranslation } from '../../../lib/translator.ts';
import { Link } from 'react-router';
import { FEATURED_PAGE_SIZE } from '@sound-studio/shared';
import { EmptyState } from '../../../components/ui/studio.tsx';
import { useLocalizedPath } from '../../../lib/i18n.ts';
import { useDiscoverMusic } from '../api/use-music-queries.ts';
import { useFeaturedUpdates } from '../hooks/use-featured-updates.ts';
import { FeaturedGrid, FeaturedSkeletons } from './FeaturedGrid.tsx';

const DISCOVER_FILTER = { category: 'mood', limit: FEATURED_PAGE_SIZE };

/** Home's 'Discover music': up to six featured mood tracks, kept current by the catalogue's socket events. */
export function DiscoverMusic() {
  const { t } = useTranslation();
  const localized = useLocalizedPath();
  const discover = useDiscoverMusic(DISCOVER_FILTER);
  useFeaturedUpdates();
  const items = discover.data ?? [];
  return (
    <section aria-labelledby="discover-music" className="flex flex-col gap-4" data-testid="discover-music">
      <div className="flex items-center justify-between gap-3">
        <h2 id="discover-music" className="text-lg font-semibold tracking-tight">
          {t('home.discoverMusic')}
        </h2>
        <Link
          to={`${localized('/music')}?tab=featured`}
          className="flex items-center gap-1 rounded-md text-sm font-medium text-primary hover:underline focus-visible:outline-2 focus-visible:outline-ring"
        >
          {t('home.seeAllMusic')}
          <ArrowRight className="size-4" aria-hidden />
        </Link>
      </div>
      {discover.isPending ? (
        <FeaturedSkeletons />
      ) : items.length === 0 ? (
        <EmptyState icon={Music2} title={t('home.noFeatured')} description={t('home.noFeaturedHint')} />
      ) : (
        <FeaturedGrid items={items} withActions={false} />
      )}
    </section>
  );
}
