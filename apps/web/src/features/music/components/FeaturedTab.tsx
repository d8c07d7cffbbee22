import { useState } from 'react';
import { Music2 } from 'lucide-react';
import { useTranslation } from '../../../lib/translator.ts';
import { FEATURED_PAGE_SIZE, type FeaturedCategories } from '@sound-studio/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select.tsx';
import { EmptyState } from '../../../components/ui/studio.tsx';
import { useFeaturedCategories, useFeaturedMusic } from '../api/use-music-queries.ts';
import { useFeaturedUpdates } from '../hooks/use-featured-updates.ts';
import { useCatalogueName } from '../hooks/use-catalogue-name.ts';
import { FeaturedGrid, FeaturedSkeletons } from './FeaturedGrid.tsx';

/** Radix Select has no empty value: this stands for "no filter". */
const ALL = '__all__';
/** The featured call's highest `limit`. */
const FEATURED_MAX_LIMIT = 50;

interface CategorySelectProps {
  id: string;
  label: string;
  allLabel: string;
  value: string;
  options: readonly string[];
  disabled?: boolean;
  onChange: (value: string) => void;
}

function CategorySelect({ id, label, allLabel, value, options, disabled, onChange }: CategorySelectProps) {
  const name = useCatalogueName();
  return (
    <div className="flex min-w-0 flex-col gap-1.5 sm:w-56">
      <Label htmlFor={id}>{label}</Label>
      <Select value={value || ALL} onValueChange={(next) => onChange(next === ALL ? '' : next)} disabled={disabled}>
        <SelectTrigger id={id} data-testid={id}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ALL}>{allLabel}</SelectItem>
          {options.map((option) => (
            <SelectItem key={option} value={option}>
              {name(option)}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

function Filters({ categories, category, subcategory, onCategory, onSubcategory }: {
  categories: FeaturedCategories | undefined;
  category: string;
  subcategory: string;
  onCategory: (category: string) => void;
  onSubcategory: (subcategory: string) => void;
}) {
  const { t } = useTranslation();
  const subcategories = category ? (categories?.[category] ?? []) : [];
  return (
    <div className="flex flex-col gap-3 sm:flex-row">
      <CategorySelect
        id="featured-category"
        label={t('music.featuredTab.category')}
        allLabel={t('music.featuredTab.allCategories')}
        value={category}
        options={Object.keys(categories ?? {})}
        disabled={!categories}
        onChange={onCategory}
      />
      <CategorySelect
        id="featured-subcategory"
        label={t('music.featuredTab.subcategory')}
        allLabel={t('music.featuredTab.allSubcategories')}
        value={subcategory}
        options={subcategories}
        disabled={subcategories.length === 0}
        onChange={onSubcategory}
      />
    </div>
  );
}

/** The featured catalogue: category and subcategory, six at a time, refetched when the catalogue changes. */
export function FeaturedTab() {
  const { t } = useTranslation();
  const [category, setCategory] = useState('');
  const [subcategory, setSubcategory] = useState('');
  const [limit, setLimit] = useState(FEATURED_PAGE_SIZE);
  const categories = useFeaturedCategories();
  const featured = useFeaturedMusic({ category: category || undefined, subcategory: subcategory || undefined, limit });
  useFeaturedUpdates();
  const items = featured.data ?? [];
  return (
    <section className="flex flex-col gap-5" aria-labelledby="featured-heading">
      <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <div>
          <h2 id="featured-heading" className="text-base font-semibold tracking-tight">
            {t('music.featuredTab.title')}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">{t('music.featuredHint')}</p>
        </div>
        <Filters
          categories={categories.data}
          category={category}
          subcategory={subcategory}
          onCategory={(next) => {
            setCategory(next);
            setSubcategory('');
            setLimit(FEATURED_PAGE_SIZE);
          }}
          onSubcategory={(next) => {
            setSubcategory(next);
            setLimit(FEATURED_PAGE_SIZE);
          }}
        />
      </div>
      {featured.isError && <Alert tone="error">{t('music.featuredTab.loadFailed')}</Alert>}
      {featured.isPending ? (
        <FeaturedSkeletons />
      ) : items.length === 0 ? (
        !featured.isError && <EmptyState icon={Music2} title={t('home.noFeatured')} description={t('home.noFeaturedHint')} />
      ) : (
        <FeaturedGrid items={items} />
      )}
      {items.length >= limit && limit < FEATURED_MAX_LIMIT && (
        <Button variant="outline" className="self-center" onClick={() => setLimit((current) => Math.min(FEATURED_MAX_LIMIT, current + FEATURED_PAGE_SIZE))} loading={featured.isPlaceholderData}>
          {t('music.featuredTab.showMore')}
        </Button>
      )}
    </section>
  );
}
