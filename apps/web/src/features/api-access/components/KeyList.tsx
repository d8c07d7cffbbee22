import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../../lib/translator.ts';
import type { ApiKey } from '@sound-studio/shared';
import { ConfirmDialog } from '../../../components/ui/alert-dialog.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/studio.tsx';
import { useFormatters } from '../../../lib/i18n.ts';
import { useRevokeApiKey } from '../api/api-keys-api.ts';

function statusOf(key: ApiKey, nowMs: number): 'active' | 'revoked' | 'expired' {
  if (key.revokedAt) return 'revoked';
  if (key.expiresAt && Date.parse(key.expiresAt) <= nowMs) return 'expired';
  return 'active';
}

/** The keys with this month's usage; an active key can be revoked after a confirmation. */
export function KeyList({ keys }: { keys: ApiKey[] }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const revoke = useRevokeApiKey();
  const [confirming, setConfirming] = useState<ApiKey | null>(null);
  if (keys.length === 0) return <EmptyState icon={KeyRound} title={t('api.emptyTitle')} description={t('api.emptyDescription')} />;
  const nowMs = Date.now();
  return (
    <>
      <ul className="flex flex-col divide-y divide-border rounded-2xl border border-border" data-testid="key-list">
        {keys.map((key) => {
          const status = statusOf(key, nowMs);
          return (
            <li key={key.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center" data-testid="api-key-row">
              <div className="flex min-w-0 flex-1 flex-col gap-1">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="truncate font-semibold">{key.name}</span>
                  <code className="rounded bg-muted px-1.5 font-mono text-xs text-muted-foreground">{key.prefix}…</code>
                  {status !== 'active' && <Badge>{t(`api.status.${status}`)}</Badge>}
                </div>
                <p className="text-xs text-muted-foreground">
                  {t('api.created', { date: format.date(key.createdAt) })}
                  {' · '}
                  {key.lastUsedAt ? t('api.lastUsed', { date: format.dateTime(key.lastUsedAt) }) : t('api.neverUsed')}
                  {key.expiresAt && status === 'active' && <> · {t('api.expires', { date: format.date(key.expiresAt) })}</>}
                </p>
                <p className="text-xs font-medium tabular-nums" data-testid="key-usage">
                  {t('api.usage', { count: key.usage.requests, requests: format.number(key.usage.requests), credits: format.number(key.usage.credits) })}
                </p>
              </div>
              {status === 'active' && (
                <Button variant="outline" size="sm" className="self-start sm:self-center" onClick={() => setConfirming(key)}>
                  {t('api.revoke')}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        open={confirming !== null}
        title={t('api.revokeTitle', { name: confirming?.name ?? '' })}
        description={t('api.revokeDescription')}
        confirmLabel={t('api.revoke')}
        cancelLabel={t('api.cancel')}
        testId="revoke-dialog"
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          if (confirming) revoke.mutate(confirming.id);
          setConfirming(null);
        }}
      />
    </>
  );
}
