import { Fingerprint, Library, Search, Wand2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/card.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { ComingSoonNote, EmptyState, SlotsMeter } from '../../../components/ui/studio.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { useLocalizedPath } from '../../../lib/i18n.ts';

const TABS = ['library', 'myVoices', 'collected', 'selected'] as const;

function CreateCard({ to, icon: Icon, title, description }: { to: string; icon: typeof Wand2; title: string; description: string }) {
  return (
    <Link to={to} className="group rounded-2xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring">
      <Card className="flex items-center gap-4 p-5 transition group-hover:border-primary/40">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-2xl bg-brand text-white">
          <Icon className="size-5" aria-hidden />
        </span>
        <div>
          <p className="text-sm font-semibold">{title}</p>
          <p className="text-sm text-muted-foreground">{description}</p>
        </div>
      </Card>
    </Link>
  );
}

export function VoiceLibraryPage() {
  const { t } = useTranslation();
  const localized = useLocalizedPath();
  return (
    <div className="flex flex-col gap-8">
      <PageHeader title={t('nav.voiceLibrary')} description={t('voiceLibrary.description')} actions={<SlotsMeter label={t('voiceDesign.slots')} used={2} total={3} />} />
      <div className="grid gap-4 sm:grid-cols-2">
        <CreateCard to={localized('/voice-design')} icon={Wand2} title={t('nav.voiceDesign')} description={t('voiceLibrary.designHint')} />
        <CreateCard to={localized('/voice-clone')} icon={Fingerprint} title={t('voiceLibrary.instantClone')} description={t('voiceLibrary.cloneHint')} />
      </div>
      <Tabs defaultValue="library" className="flex flex-col gap-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <TabsList className="max-w-full self-start overflow-x-auto">
            {TABS.map((tab) => (
              <TabsTrigger key={tab} value={tab}>
                {t(`voiceLibrary.tabs.${tab}`)}
              </TabsTrigger>
            ))}
          </TabsList>
          <div className="relative sm:w-64">
            <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
            <Input className="h-10 pl-9" placeholder={t('voiceLibrary.search')} aria-label={t('voiceLibrary.search')} disabled />
          </div>
        </div>
        {TABS.map((tab) => (
          <TabsContent key={tab} value={tab}>
            <EmptyState icon={Library} title={t('voiceLibrary.emptyTitle')} description={t('voiceLibrary.emptyHint')} />
          </TabsContent>
        ))}
      </Tabs>
      <ComingSoonNote>{t('voiceLibrary.soon')}</ComingSoonNote>
    </div>
  );
}
