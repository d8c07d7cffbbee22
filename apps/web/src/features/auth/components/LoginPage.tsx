import { useLayoutEffect, useState } from 'react';
import { useTranslation } from '../../../lib/translator.ts';
import { useSubmission } from '../../../lib/use-submission.ts';
import { Link, useLocation } from 'react-router';
import { STORAGE_KEYS } from '@sound-studio/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { useLocalizedPath, useTranslateMessage } from '../../../lib/i18n.ts';
import { TaggedText } from '../../../lib/tagged-text.tsx';
import { takePrerenderedInput } from '../../../lib/prerendered-input.ts';
import { readItem, removeItem, writeItem } from '../../../lib/storage.ts';
import { lazySchema } from '../../../lib/lazy-schema.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { authApi } from '../api/auth-api.ts';
import { useAuth } from '../session/auth-context.ts';
import { clearNewAccount } from '../session/new-account.ts';
import { authErrorMessage, serverFieldMessages } from './auth-error-message.ts';
import { AuthCardHeader } from './AuthCardHeader.tsx';
import { ProviderButtons, SocialSignInError } from './ProviderButtons.tsx';

/** The form's rules come with zod when the user reaches the form, so the page draws without them. */
const loginForm = lazySchema(() => import('../api/auth-form-schemas.ts').then((schemas) => schemas.loginFormSchema));

function rememberEmail(email: string, remember: boolean) {
  if (remember) writeItem('local', STORAGE_KEYS.rememberedEmail, email);
  else removeItem('local', STORAGE_KEYS.rememberedEmail);
}

/**
 * On a first visit the form drawn at build time was on screen, and may have been typed into, before this one replaced
 * it: take its text and its caret, before the browser paints (a layout effect), so no keystroke is lost.
 */
function useAdoptPrerenderedInput(
  setValue: (field: 'email' | 'password', value: string) => void,
  formRef: React.RefObject<HTMLFormElement | null>,
) {
  useLayoutEffect(() => {
    const input = takePrerenderedInput();
    if (!input) return;
    for (const name of ['email', 'password'] as const) {
      const value = input.values[name];
      if (!value) continue;
      // The element first, so the caret can be placed now; the state follows (React then finds the value in place).
      const field = formRef.current?.querySelector<HTMLInputElement>(`input[name="${name}"]`);
      if (field) field.value = value;
      setValue(name, value);
    }
    const focus = input.focus;
    const focused = focus && formRef.current?.querySelector<HTMLInputElement>(`input[name="${focus.name}"]`);
    if (!focused) return;
    focused.focus();
    // Email fields have no selection API (their selectionStart is null): the caret stays at the end there.
    if (focus.selectionStart !== null) focused.setSelectionRange(focus.selectionStart, focus.selectionEnd);
  }, [setValue, formRef]);
}

export function LoginPage() {
  const { t } = useTranslation();
  const translate = useTranslateMessage();
  const localized = useLocalizedPath();
  // Carries the page the user asked for between the two forms.
  const { state: locationState } = useLocation();
  const { signIn, endReason, dismissEndNotice } = useAuth();
  const [rememberedEmail] = useState(() => readItem('local', STORAGE_KEYS.rememberedEmail) ?? '');
  const form = useZodForm(loginForm, { email: rememberedEmail, password: '', rememberMe: rememberedEmail !== '' });
  const [formError, setFormError] = useState<string | null>(null);
  const login = useSubmission(authApi.login);
  useAdoptPrerenderedInput(form.setValue, form.formRef);

  const onSubmit = form.handleSubmit(({ email, password, rememberMe }) => {
    setFormError(null);
    login.mutate(
      { email, password },
      {
        onSuccess: (session) => {
          rememberEmail(email, rememberMe);
          clearNewAccount();
          signIn(session, rememberMe ? 'local' : 'session');
        },
        onError: (error) => {
          form.setServerMessages(serverFieldMessages(error));
          setFormError(authErrorMessage(t, error, 'login'));
        },
      },
    );
  });

  const fieldError = (field: 'email' | 'password') => {
    const message = form.errorFor(field);
    return message ? translate(message) : undefined;
  };

  return (
    <div className="flex flex-col gap-6">
      <AuthCardHeader title={t('auth.login.title')} subtitle={t('auth.login.subtitle')} />
      {endReason === 'expired' && (
        <Alert tone="warning">
          <div className="flex items-start justify-between gap-3">
            <span>{t('session.expiredMessage')}</span>
            <button type="button" onClick={dismissEndNotice} className="shrink-0 text-xs font-semibold underline-offset-2 hover:underline">
              {t('common.dismiss')}
            </button>
          </div>
        </Alert>
      )}
      <SocialSignInError />
      <ProviderButtons mode="login" />
      <form ref={form.formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label={t('auth.login.title')}>
        {formError && <Alert tone="error">{formError}</Alert>}
        <FormField label={t('auth.fields.email')} error={fieldError('email')}>
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
        <FormField
          label={t('auth.fields.password')}
          error={fieldError('password')}
          labelAside={
            <Link to={localized('/forgot-password')} className="text-xs font-medium text-primary hover:underline">
              {t('auth.login.forgotPassword')}
            </Link>
          }
        >
          <PasswordInput
            name="password"
            autoComplete="current-password"
            placeholder={t('auth.fields.passwordPlaceholder')}
            value={form.values.password}
            onChange={(event) => form.setValue('password', event.target.value)}
          />
        </FormField>
        <div className="flex items-center gap-2.5">
          <Checkbox
            id="remember-me"
            checked={form.values.rememberMe}
            onCheckedChange={(checked) => form.setValue('rememberMe', checked === true)}
          />
          <Label htmlFor="remember-me" className="font-normal text-muted-foreground">
            {t('auth.login.rememberMe')}
          </Label>
        </div>
        <Button type="submit" size="lg" loading={login.isPending} className="mt-1 w-full">
          {t('auth.login.submit')}
        </Button>
      </form>
      <p className="text-center text-sm text-muted-foreground">
        <TaggedText
          i18nKey="auth.login.noAccount"
          components={{ action: <Link to={localized('/register')} state={locationState} className="font-semibold text-primary hover:underline" /> }}
        />
      </p>
    </div>
  );
}
