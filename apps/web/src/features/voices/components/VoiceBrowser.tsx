import { useMemo, useState, type ReactNode } from 'react';
import { Fingerprint, Heart, SearchX, Wand2 } from 'lucide-react';
import { useTranslation } from '../../../lib/translator.ts';
import { Link } from 'react-router';
import type { Voice, VoiceMood } from '@sound-studio/shared';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { EmptyState } from '../../../components/ui/studio.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { useLocalizedPath } from '../../../lib/i18n.ts';
import { usePreferences } from '../../preferences/index.ts';
import { useSelectedVoice } from '../hooks/use-selected-voice.ts';
import { useLanguageNames } from '../hooks/use-language-names.ts';
import { EMPTY_FILTERS, filterVoices, languagesOf, type VoiceFilters, type VoiceTab } from '../voice-rules.ts';
import { VoiceFilterBar } from './VoiceFilterBar.tsx';
import { VoiceRow } from './VoiceRow.tsx';

function VoiceListSkeleton() {
  return (
    <ul className="flex flex-col gap-2" aria-hidden data-testid="voice-skeleton">
      {Array.from({ length: 5 }, (_, index) => (
        <li key={index} className="flex items-center gap-3 rounded-2xl border border-border p-3.5">
          <Skeleton className="size-11 rounded-xl" />
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-3.5 w-40" />
            <Skeleton className="h-3 w-56" />
          </div>
          <Skeleton className="h-8 w-16" />
        </li>
      ))}
    </ul>
  );
}

function TabEmptyState({ tab, filtered, onReset }: { tab: VoiceTab; filtered: boolean; onReset: () => void }) {
  const { t } = useTranslation();
  const localized = useLocalizedPath();
  if (filtered) {
    return (
      <div className="flex flex-col items-center gap-3">
        <EmptyState icon={SearchX} title={t('voices.empty.filteredTitle')} description={t('voices.empty.filteredHint')} className="w-full" />
        <Button variant="outline" size="sm" onClick={onReset}>
          {t('voices.filters.reset')}
        </Button>
      </div>
    );
  }
  if (tab === 'myVoices') {
    return (
      <div className="flex flex-col items-center gap-3">
        <EmptyState icon={Wand2} title={t('voices.empty.myVoicesTitle')} description={t('voices.empty.myVoicesHint')} className="w-full" />
        <div className="flex gap-2">
          <Button asChild variant="outline" size="sm">
            <Link to={localized('/voice-design')}>
              <Wand2 aria-hidden />
              {t('voices.designVoice')}
            </Link>
          </Button>
          <Button asChild variant="outline" size="sm">
            <Link to={localized('/voice-clone')}>
              <Fingerprint aria-hidden />
              {t('voices.cloneVoice')}
            </Link>
          </Button>
        </div>
      </div>
    );
  }
  return <EmptyState icon={Heart} title={t(`voices.empty.${tab === 'collected' ? 'collected' : 'library'}Title`)} description={t(`voices.empty.${tab === 'collected' ? 'collected' : 'library'}Hint`)} />;
}

/** Rows shown at first and added per "Show more": the catalogue has 120+ voices. */
const PAGE_SIZE = 30;

export interface VoiceBrowserProps {
  tabs: readonly VoiceTab[];
  renderAction: (voice: Voice, mood: VoiceMood | null) => ReactNode;
}

/** Tabs, search, filters and the voice list: the one browser behind the selection modal and the library page. */
export function VoiceBrowser({ tabs, renderAction }: VoiceBrowserProps) {
  const { t } = useTranslation();
  const { voices, voice: selected, isLoading } = useSelectedVoice();
  const { preferences } = usePreferences();
  const languageName = useLanguageNames();
  const [tab, setTab] = useState<VoiceTab>(tabs[0] ?? 'library');
  const [filters, setFiltersState] = useState<VoiceFilters>(EMPTY_FILTERS);
  const [limit, setLimit] = useState(PAGE_SIZE);
  const setFilters = (next: VoiceFilters) => {
    setFiltersState(next);
    setLimit(PAGE_SIZE);
  };
  const languages = useMemo(() => languagesOf(voices), [voices]);
  const shown = useMemo(
    () => filterVoices(voices, filters, { tab, favoriteIds: preferences.voice.favoriteVoices, selectedId: selected?._id ?? null, languageName }),
    [voices, filters, tab, preferences.voice.favoriteVoices, selected, languageName],
  );
  const filtered = JSON.stringify(filters) !== JSON.stringify(EMPTY_FILTERS);
  return (
    <Tabs
      value={tab}
      onValueChange={(value) => {
        setTab(value as VoiceTab);
        setLimit(PAGE_SIZE);
      }}
      className="flex flex-col gap-4"
    >
      {/* A phone cannot fit four tabs in a row: two by two there, so none is cut. */}
      <TabsList className="max-w-full self-start max-sm:grid max-sm:grid-cols-2 max-sm:self-stretch" data-testid="voice-tabs">
        {tabs.map((option) => (
          <TabsTrigger key={option} value={option} data-testid={`voice-tab-${option}`}>
            {t(`voices.tabs.${option}`)}
          </TabsTrigger>
        ))}
      </TabsList>
      {/* One panel, the active tab's, so each tab's aria-controls names an element that exists. */}
      <TabsContent value={tab} className="flex flex-col gap-4 rounded-xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring">
        <VoiceFilterBar filters={filters} onChange={setFilters} languages={languages} languageName={languageName} resultCount={shown.length} />
        {isLoading ? (
          <VoiceListSkeleton />
        ) : shown.length === 0 ? (
          <TabEmptyState tab={tab} filtered={filtered} onReset={() => setFilters(EMPTY_FILTERS)} />
        ) : (
          <>
            <ul className="flex flex-col gap-2" aria-label={t('voices.listLabel')} data-testid="voice-list">
              {shown.slice(0, limit).map((voice) => (
                <VoiceRow key={voice._id} voice={voice} selected={voice._id === selected?._id} languageName={languageName} renderAction={renderAction} />
              ))}
            </ul>
            {shown.length > limit && (
              <Button variant="outline" className="self-center" onClick={() => setLimit((current) => current + PAGE_SIZE)} data-testid="show-more-voices">
                {t('voices.showMore', { count: shown.length - limit })}
              </Button>
            )}
          </>
        )}
      </TabsContent>
    </Tabs>
  );
}
