import { RotateCcw, Search } from 'lucide-react';
import { useTranslation } from '../../../lib/translator.ts';
import { VOICE_ACCENTS, VOICE_AGES, VOICE_GENDERS } from '@sound-studio/shared';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select.tsx';
import { accentApplies, ANY, EMPTY_FILTERS, type VoiceFilters } from '../voice-rules.ts';

interface FilterSelectProps {
  label: string;
  anyLabel: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
  disabled?: boolean;
  testId: string;
}

function FilterSelect({ label, anyLabel, value, options, onChange, disabled, testId }: FilterSelectProps) {
  return (
    <Select value={value} onValueChange={onChange} disabled={disabled}>
      <SelectTrigger className="h-9 min-w-0 text-[13px]" aria-label={label} data-testid={testId}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent className="max-h-72 overflow-y-auto">
        <SelectItem value={ANY}>{anyLabel}</SelectItem>
        {options.map((option) => (
          <SelectItem key={option.value} value={option.value}>
            {option.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

/** Search plus the language, accent, gender and age filters, and how many voices they leave. */
export function VoiceFilterBar({
  filters,
  onChange,
  languages,
  languageName,
  resultCount,
}: {
  filters: VoiceFilters;
  onChange: (filters: VoiceFilters) => void;
  languages: readonly string[];
  languageName: (code: string) => string;
  resultCount: number;
}) {
  const { t } = useTranslation();
  const languageOptions = languages.map((code) => ({ value: code, label: languageName(code) })).sort((a, b) => a.label.localeCompare(b.label));
  const filtered = JSON.stringify(filters) !== JSON.stringify(EMPTY_FILTERS);
  return (
    <div className="flex flex-col gap-3">
      <div className="relative">
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
        <Input
          type="search"
          className="h-10 pl-9"
          value={filters.search}
          onChange={(event) => onChange({ ...filters, search: event.target.value })}
          placeholder={t('voices.search')}
          aria-label={t('voices.search')}
        />
      </div>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        <FilterSelect
          label={t('voices.filters.language')}
          anyLabel={t('voices.filters.anyLanguage')}
          value={filters.language}
          options={languageOptions}
          onChange={(language) => onChange({ ...filters, language, accent: language === ANY || language === 'en' ? filters.accent : ANY })}
          testId="filter-language"
        />
        <FilterSelect
          label={t('voices.filters.accent')}
          anyLabel={t('voices.filters.anyAccent')}
          value={filters.accent}
          options={VOICE_ACCENTS.map((accent) => ({ value: accent, label: t(`voices.accents.${accent}`) }))}
          onChange={(accent) => onChange({ ...filters, accent: accent as VoiceFilters['accent'] })}
          disabled={!accentApplies(filters)}
          testId="filter-accent"
        />
        <FilterSelect
          label={t('voices.filters.gender')}
          anyLabel={t('voices.filters.anyGender')}
          value={filters.gender}
          options={VOICE_GENDERS.map((gender) => ({ value: gender, label: t(`voices.genders.${gender}`) }))}
          onChange={(gender) => onChange({ ...filters, gender: gender as VoiceFilters['gender'] })}
          testId="filter-gender"
        />
        <FilterSelect
          label={t('voices.filters.age')}
          anyLabel={t('voices.filters.anyAge')}
          value={filters.age}
          options={VOICE_AGES.map((age) => ({ value: age, label: t(`voices.ages.${age}`) }))}
          onChange={(age) => onChange({ ...filters, age: age as VoiceFilters['age'] })}
          testId="filter-age"
        />
      </div>
      <div className="flex min-h-8 items-center justify-between gap-3">
        <p className="text-xs font-medium text-muted-foreground" role="status" data-testid="voice-count">
          {t('voices.resultCount', { count: resultCount })}
        </p>
        {filtered && (
          <Button variant="ghost" size="sm" onClick={() => onChange(EMPTY_FILTERS)}>
            <RotateCcw aria-hidden />
            {t('voices.filters.reset')}
          </Button>
        )}
      </div>
    </div>
  );
}
