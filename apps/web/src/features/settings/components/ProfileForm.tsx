import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/translator.ts';
import { updateProfileRequestSchema } from '@sound-studio/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { validationFieldsOf } from '../../../lib/api/index.ts';
import { useTranslateMessage } from '../../../lib/i18n.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { authApi, useAuth, useCurrentUser } from '../../auth/index.ts';
import { firstMessages, type FormOutcome } from './form-outcome.ts';

export function ProfileForm() {
  const { t } = useTranslation();
  const translate = useTranslateMessage();
  const user = useCurrentUser();
  const { updateUser } = useAuth();
  const form = useZodForm(updateProfileRequestSchema, { name: user.name, email: user.email });
  const [outcome, setOutcome] = useState<FormOutcome>(null);
  const save = useMutation({ mutationFn: authApi.updateProfile });

  const onSubmit = form.handleSubmit((profile) => {
    setOutcome(null);
    save.mutate(profile, {
      onSuccess: (reply) => {
        // Section 8: a successful update also saves the name and email in the stored user.
        updateUser(reply.user);
        form.reset({ name: reply.user.name, email: reply.user.email });
        setOutcome('success');
      },
      onError: (error) => {
        form.setServerMessages(firstMessages(validationFieldsOf(error)));
        setOutcome('failure');
      },
    });
  });

  const fieldError = (field: 'name' | 'email') => {
    const message = form.errorFor(field);
    return message ? translate(message) : undefined;
  };

  return (
    <form ref={form.formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label={t('settings.profile.title')}>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('settings.profile.name')} error={fieldError('name')}>
          <Input name="name" autoComplete="name" value={form.values.name} onChange={(event) => form.setValue('name', event.target.value)} />
        </FormField>
        <FormField label={t('settings.profile.email')} error={fieldError('email')}>
          <Input
            name="email"
            type="email"
            autoComplete="email"
            value={form.values.email}
            onChange={(event) => form.setValue('email', event.target.value)}
          />
        </FormField>
      </div>
      {outcome === 'success' && <Alert tone="success">{t('settings.profile.success')}</Alert>}
      {outcome === 'failure' && <Alert tone="error">{t('settings.profile.failure')}</Alert>}
      <div className="flex justify-end">
        <Button type="submit" loading={save.isPending}>
          {t('settings.profile.save')}
        </Button>
      </div>
    </form>
  );
}
