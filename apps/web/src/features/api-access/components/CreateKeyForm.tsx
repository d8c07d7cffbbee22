import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/translator.ts';
import { API_KEY_NAME_MAX_LENGTH } from '@sound-studio/shared';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { fieldClasses, Input } from '../../../components/ui/input.tsx';
import { isApiError } from '../../../lib/api/index.ts';
import { cn } from '../../../lib/cn.ts';
import { useCreateApiKey } from '../api/api-keys-api.ts';

const EXPIRY_DAYS = ['never', '30', '90', '365'] as const;
type Expiry = (typeof EXPIRY_DAYS)[number];
const DAY_MS = 24 * 60 * 60 * 1000;

/** Name and optional expiry; on success the parent shows the new key once. */
export function CreateKeyForm({ onCreated }: { onCreated: (key: string) => void }) {
  const { t } = useTranslation();
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [expiry, setExpiry] = useState<Expiry>('never');
  const [nameError, setNameError] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setNameError(t('api.nameRequired'));
      return;
    }
    setNameError(undefined);
    const expiresAt = expiry === 'never' ? null : new Date(Date.now() + Number(expiry) * DAY_MS).toISOString();
    create.mutate(
      { name: name.trim(), expiresAt },
      {
        onSuccess: (created) => {
          setName('');
          onCreated(created.key);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-3" noValidate data-testid="create-key-form">
      <div className="grid gap-3 sm:grid-cols-[1fr_auto]">
        <FormField label={t('api.keyName')} error={nameError}>
          <Input
            value={name}
            maxLength={API_KEY_NAME_MAX_LENGTH}
            placeholder={t('api.keyNamePlaceholder')}
            onChange={(event) => setName(event.target.value)}
          />
        </FormField>
        <FormField label={t('api.expiry')}>
          <select className={cn(fieldClasses, 'h-11 cursor-pointer sm:min-w-36')} value={expiry} onChange={(event) => setExpiry(event.target.value as Expiry)}>
            {EXPIRY_DAYS.map((days) => (
              <option key={days} value={days}>
                {days === 'never' ? t('api.expiryNever') : t('api.expiryDays', { count: Number(days) })}
              </option>
            ))}
          </select>
        </FormField>
      </div>
      {create.isError && (
        <p role="alert" className="text-sm text-destructive">
          {isApiError(create.error) ? create.error.message : t('api.createFailed')}
        </p>
      )}
      <Button type="submit" loading={create.isPending} className="self-start" data-testid="create-key">
        {t('api.createKey')}
      </Button>
    </form>
  );
}
