import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/translator.ts';
import { changePasswordFormSchema } from '@sound-studio/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { validationFieldsOf } from '../../../lib/api/index.ts';
import { useTranslateMessage } from '../../../lib/i18n.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { authApi } from '../../auth/index.ts';
import { firstMessages, type FormOutcome } from './form-outcome.ts';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };
type PasswordField = keyof typeof EMPTY;

export function ChangePasswordForm() {
  const { t } = useTranslation();
  const translate = useTranslateMessage();
  const form = useZodForm(changePasswordFormSchema, EMPTY);
  const [outcome, setOutcome] = useState<FormOutcome>(null);
  const change = useMutation({ mutationFn: authApi.changePassword });

  const onSubmit = form.handleSubmit(({ currentPassword, newPassword }) => {
    setOutcome(null);
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          form.reset(EMPTY);
          setOutcome('success');
        },
        onError: (error) => {
          form.setServerMessages(firstMessages(validationFieldsOf(error)));
          setOutcome('failure');
        },
      },
    );
  });

  const field = (name: PasswordField, autoComplete: string) => {
    const message = form.errorFor(name);
    return {
      error: message ? translate(message) : undefined,
      input: (
        <PasswordInput
          name={name}
          autoComplete={autoComplete}
          value={form.values[name]}
          onChange={(event) => form.setValue(name, event.target.value)}
        />
      ),
    };
  };

  const current = field('currentPassword', 'current-password');
  const next = field('newPassword', 'new-password');
  const confirm = field('confirmPassword', 'new-password');
  return (
    <form ref={form.formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label={t('settings.password.title')}>
      <FormField label={t('settings.password.current')} error={current.error}>
        {current.input}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('settings.password.new')} error={next.error} hint={t('auth.passwordRules')}>
          {next.input}
        </FormField>
        <FormField label={t('settings.password.confirm')} error={confirm.error}>
          {confirm.input}
        </FormField>
      </div>
      {outcome === 'success' && <Alert tone="success">{t('settings.password.success')}</Alert>}
      {outcome === 'failure' && <Alert tone="error">{t('settings.password.failure')}</Alert>}
      <div className="flex justify-end">
        <Button type="submit" loading={change.isPending}>
          {t('settings.password.save')}
        </Button>
      </div>
    </form>
  );
}
