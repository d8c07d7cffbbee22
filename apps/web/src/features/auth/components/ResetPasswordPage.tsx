import { useState } from 'react';
import { useTranslation } from '../../../lib/translator.ts';
import { useSubmission } from '../../../lib/use-submission.ts';
import { Link, useSearchParams } from 'react-router';
import { AUTH_FAILURE_MESSAGES, resetPasswordFormSchema } from '@sound-studio/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { isApiError } from '../../../lib/api/index.ts';
import { useLocalizedPath, useTranslateMessage } from '../../../lib/i18n.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { authApi } from '../api/auth-api.ts';
import { serverFieldMessages } from './auth-error-message.ts';
import { AuthCardHeader } from './AuthCardHeader.tsx';

type Outcome = 'done' | 'linkInvalid' | 'failed' | null;

/** /reset-password?token=…: the page an emailed reset link opens; sets the new password. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const translate = useTranslateMessage();
  const localized = useLocalizedPath();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const form = useZodForm(resetPasswordFormSchema, { password: '', confirmPassword: '' });
  // A link without its token cannot work: say so before the user types a password.
  const [outcome, setOutcome] = useState<Outcome>(token ? null : 'linkInvalid');
  const reset = useSubmission(authApi.resetPassword);

  const onSubmit = form.handleSubmit(({ password }) => {
    setOutcome(null);
    reset.mutate(
      { token, password },
      {
        onSuccess: () => setOutcome('done'),
        onError: (error) => {
          form.setServerMessages(serverFieldMessages(error));
          if (isApiError(error) && error.code === 'RESET_LINK_INVALID') setOutcome('linkInvalid');
          else if (Object.keys(serverFieldMessages(error)).length === 0) setOutcome('failed');
        },
      },
    );
  });

  const fieldError = (field: 'password' | 'confirmPassword') => {
    const message = form.errorFor(field);
    return message ? translate(message) : undefined;
  };

  if (outcome === 'done') {
    return (
      <div className="flex flex-col gap-6">
        <AuthCardHeader title={t('auth.reset.title')} subtitle={t('auth.reset.subtitle')} />
        <Alert tone="success">{t('auth.reset.done')}</Alert>
        <Button asChild size="lg" className="w-full">
          <Link to={localized('/login')}>{t('auth.reset.signIn')}</Link>
        </Button>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-6">
      <AuthCardHeader title={t('auth.reset.title')} subtitle={t('auth.reset.subtitle')} />
      {outcome === 'linkInvalid' && (
        <Alert tone="error">
          <p>{translate(AUTH_FAILURE_MESSAGES.resetLinkInvalid)}</p>
          <Link to={localized('/forgot-password')} className="mt-1 inline-block font-semibold underline-offset-2 hover:underline">
            {t('auth.reset.requestNew')}
          </Link>
        </Alert>
      )}
      {outcome === 'failed' && <Alert tone="error">{t('auth.reset.failed')}</Alert>}
      <form ref={form.formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label={t('auth.reset.title')}>
        <FormField label={t('auth.reset.newPassword')} error={fieldError('password')} hint={t('auth.passwordRules')}>
          <PasswordInput
            name="password"
            autoComplete="new-password"
            placeholder={t('auth.fields.newPasswordPlaceholder')}
            value={form.values.password}
            onChange={(event) => form.setValue('password', event.target.value)}
          />
        </FormField>
        <FormField label={t('auth.fields.confirmPassword')} error={fieldError('confirmPassword')}>
          <PasswordInput
            name="confirmPassword"
            autoComplete="new-password"
            placeholder={t('auth.fields.confirmPasswordPlaceholder')}
            value={form.values.confirmPassword}
            onChange={(event) => form.setValue('confirmPassword', event.target.value)}
          />
        </FormField>
        <Button type="submit" size="lg" loading={reset.isPending} disabled={!token} className="mt-1 w-full">
          {t('auth.reset.submit')}
        </Button>
      </form>
    </div>
  );
}
