import { useState } from 'react';
import { useTranslation } from '../../../lib/translator.ts';
import { useSubmission } from '../../../lib/use-submission.ts';
import { Link } from 'react-router';
import { forgotPasswordRequestSchema } from '@sound-studio/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { rateLimitDetailsOf } from '../../../lib/api/index.ts';
import { useLocalizedPath, useTranslateMessage } from '../../../lib/i18n.ts';
import { TaggedText } from '../../../lib/tagged-text.tsx';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { authApi } from '../api/auth-api.ts';
import { formatRetryAfter, serverFieldMessages } from './auth-error-message.ts';
import { AuthCardHeader } from './AuthCardHeader.tsx';

/** /forgot-password: asks for the email that should receive a reset link. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const translate = useTranslateMessage();
  const localized = useLocalizedPath();
  const form = useZodForm(forgotPasswordRequestSchema, { email: '' });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const request = useSubmission(authApi.forgotPassword);

  const onSubmit = form.handleSubmit(({ email }) => {
    setFormError(null);
    request.mutate(
      { email },
      {
        onSuccess: () => setSentTo(email),
        onError: (error) => {
          form.setServerMessages(serverFieldMessages(error));
          const rateLimit = rateLimitDetailsOf(error);
          const time = rateLimit ? formatRetryAfter(t, rateLimit.retryAfterSeconds) : '';
          setFormError(rateLimit ? t('auth.errors.tooManyResetRequests', { time }) : t('auth.forgot.failed'));
        },
      },
    );
  });

  const emailError = form.errorFor('email');
  return (
    <div className="flex flex-col gap-6">
      <AuthCardHeader title={t('auth.forgot.title')} subtitle={t('auth.forgot.subtitle')} />
      {sentTo ? (
        <Alert tone="success">{t('auth.forgot.sent', { email: sentTo })}</Alert>
      ) : (
        <form ref={form.formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label={t('auth.forgot.title')}>
          {formError && <Alert tone="error">{formError}</Alert>}
          <FormField label={t('auth.fields.email')} error={emailError ? translate(emailError) : undefined}>
            <Input
              type="email"
              name="email"
              autoComplete="email"
              inputMode="email"
              placeholder={t('auth.fields.emailPlaceholder')}
              value={form.values.email}
              onChange={(event) => form.setValue('email', event.target.value)}
            />
          </FormField>
          <Button type="submit" size="lg" loading={request.isPending} className="mt-1 w-full">
            {t('auth.forgot.submit')}
          </Button>
        </form>
      )}
      <p className="text-center text-sm text-muted-foreground">
        <TaggedText i18nKey="auth.forgot.backToLogin" components={{ action: <Link to={localized('/login')} className="font-semibold text-primary hover:underline" /> }} />
      </p>
    </div>
  );
}
