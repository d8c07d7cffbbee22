import { BookOpen, KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../../lib/translator.ts';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useApiKeys } from '../api/api-keys-api.ts';
import { CodeExamples } from './CodeExamples.tsx';
import { CreateKeyForm } from './CreateKeyForm.tsx';
import { KeyList } from './KeyList.tsx';
import { NewKeyNotice } from './NewKeyNotice.tsx';

export function ApiAccessPage() {
  const { t } = useTranslation();
  const keys = useApiKeys();
  const [newKey, setNewKey] = useState<string | null>(null);
  return (
    <div className="flex flex-col gap-8">
      <PageHeader
        title={t('api.title')}
        description={t('api.description')}
        actions={
          <Button asChild variant="outline">
            <a href="/api/docs" target="_blank" rel="noreferrer">
              <BookOpen aria-hidden />
              {t('api.docs')}
            </a>
          </Button>
        }
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card className="min-w-0">
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <KeyRound className="size-4 text-primary" aria-hidden />
              {t('api.keysTitle')}
            </CardTitle>
            <CardDescription>{t('api.keysDescription')}</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-5">
            {keys.isPending && <Skeleton className="h-24 w-full" />}
            {keys.isError && (
              <p role="alert" className="text-sm text-destructive">
                {t('api.loadFailed')}
              </p>
            )}
            {keys.data && !keys.data.apiAccess && (
              <div className="flex flex-col gap-3 rounded-2xl border border-dashed border-border bg-muted/60 p-4" data-testid="upgrade-for-api">
                <p className="text-sm">{t('api.upgradeNeeded')}</p>
                <Button asChild size="sm" className="self-start">
                  <Link to="/pricing">{t('api.seePlans')}</Link>
                </Button>
              </div>
            )}
            {newKey && <NewKeyNotice apiKey={newKey} onDone={() => setNewKey(null)} />}
            {keys.data?.apiAccess && <CreateKeyForm onCreated={setNewKey} />}
            {/* Without API access, an empty list would only repeat the upgrade note. */}
            {keys.data && (keys.data.apiAccess || keys.data.items.length > 0) && <KeyList keys={keys.data.items} />}
          </CardContent>
        </Card>
        <CodeExamples {...(newKey ? { apiKey: newKey } : {})} />
      </div>
    </div>
  );
}
