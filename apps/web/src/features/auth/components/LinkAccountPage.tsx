import { useEffect, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/translator.ts';
import { Link, useNavigate } from 'react-router';
import { oauthLinkRequestSchema } from '@sound-studio/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { PageSpinner } from '../../../components/ui/spinner.tsx';
import { useLocalizedPath, useTranslateMessage } from '../../../lib/i18n.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { authApi } from '../api/auth-api.ts';
import { useAuth } from '../session/auth-context.ts';
import { clearNewAccount } from '../session/new-account.ts';
import { authErrorMessage, serverFieldMessages } from './auth-error-message.ts';
import { AuthCardHeader } from './AuthCardHeader.tsx';

/**
 * /login/link-account: Google or GitHub vouched for an email that already has an account. Linking needs that
 * account's password, so a provider account alone can never take over an existing one.
 */
export function LinkAccountPage() {
  const { t } = useTranslation();
  const translate = useTranslateMessage();
  const localized = useLocalizedPath();
  const navigate = useNavigate();
  const { signIn } = useAuth();
  const pending = useQuery({ queryKey: ['auth', 'pending-link'], queryFn: authApi.pendingLink, retry: false, staleTime: Infinity });
  const form = useZodForm(oauthLinkRequestSchema, { password: '' });
  const [formError, setFormError] = useState<string | null>(null);
  const link = useMutation({ mutationFn: authApi.confirmLink });

  useEffect(() => {
    if (pending.isError) void navigate(`${localized('/login')}?oauth_error=expired`, { replace: true });
  }, [pending.isError, navigate, localized]);

  if (!pending.data) return <PageSpinner />;
  const provider = t(`auth.social.${pending.data.provider}`);

  const onSubmit = form.handleSubmit(({ password }) => {
    setFormError(null);
    link.mutate(
      { password },
      {
        onSuccess: (session) => {
          clearNewAccount();
          signIn(session, 'local');
        },
        onError: (error) => {
          form.setServerMessages(serverFieldMessages(error));
          setFormError(authErrorMessage(t, error, 'login'));
        },
      },
    );
  });

  const passwordError = form.errorFor('password');
  return (
    <div className="flex flex-col gap-6">
      <AuthCardHeader
        title={t('auth.social.link.title', { provider })}
        subtitle={t('auth.social.link.subtitle', { provider, email: pending.data.email })}
      />
      <form ref={form.formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label={t('auth.social.link.title', { provider })}>
        {formError && <Alert tone="error">{formError}</Alert>}
        <FormField label={t('auth.fields.password')} error={passwordError ? translate(passwordError) : undefined}>
          <PasswordInput
            name="password"
            autoComplete="current-password"
            placeholder={t('auth.fields.passwordPlaceholder')}
            value={form.values.password}
            onChange={(event) => form.setValue('password', event.target.value)}
          />
        </FormField>
        <Button type="submit" size="lg" loading={link.isPending} className="mt-1 w-full">
          {t('auth.social.link.submit')}
        </Button>
      </form>
      <p className="text-center text-sm">
        <Link to={localized('/login')} className="font-semibold text-primary hover:underline">
          {t('auth.social.link.cancel')}
        </Link>
      </p>
    </div>
  );
}
