import { useState } from 'react';
import { useTranslation } from '../../../lib/translator.ts';
import { useSubmission } from '../../../lib/use-submission.ts';
import { Link, useLocation } from 'react-router';
import { registerFormSchema } from '@sound-studio/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { FieldMessage, FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { useLocalizedPath, useTranslateMessage } from '../../../lib/i18n.ts';
import { TaggedText } from '../../../lib/tagged-text.tsx';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { LegalDialog, type LegalDocumentKind } from '../../legal/index.ts';
import { authApi } from '../api/auth-api.ts';
import { useAuth } from '../session/auth-context.ts';
import { markNewAccount } from '../session/new-account.ts';
import { authErrorMessage, serverFieldMessages } from './auth-error-message.ts';
import { AuthCardHeader } from './AuthCardHeader.tsx';
import { ProviderButtons } from './ProviderButtons.tsx';

const EMPTY_FORM = { name: '', email: '', password: '', confirmPassword: '', acceptTerms: false };
type TextField = 'name' | 'email' | 'password' | 'confirmPassword';

function LegalLink({ kind, onOpen, children }: { kind: LegalDocumentKind; onOpen: (kind: LegalDocumentKind) => void; children?: React.ReactNode }) {
  return (
    <button type="button" onClick={() => onOpen(kind)} data-testid={`open-${kind}`} className="font-medium text-primary underline-offset-2 hover:underline">
      {children}
    </button>
  );
}

export function RegisterPage() {
  const { t } = useTranslation();
  const translate = useTranslateMessage();
  const localized = useLocalizedPath();
  // Carries the page the user asked for between the two forms.
  const { state: locationState } = useLocation();
  const { signIn } = useAuth();
  const form = useZodForm(registerFormSchema, EMPTY_FORM);
  const [formError, setFormError] = useState<string | null>(null);
  const [legalDocument, setLegalDocument] = useState<LegalDocumentKind | null>(null);
  const register = useSubmission(authApi.register);

  const onSubmit = form.handleSubmit(({ name, email, password }) => {
    setFormError(null);
    register.mutate(
      { name, email, password },
      {
        // Section 4: registration always keeps the session in local storage.
        onSuccess: (session) => {
          markNewAccount();
          signIn(session, 'local');
        },
        onError: (error) => {
          form.setServerMessages(serverFieldMessages(error));
          setFormError(authErrorMessage(t, error, 'register'));
        },
      },
    );
  });

  const fieldError = (field: TextField | 'acceptTerms') => {
    const message = form.errorFor(field);
    return message ? translate(message) : undefined;
  };

  const textInput = (field: TextField) => ({
    name: field,
    value: form.values[field],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => form.setValue(field, event.target.value),
  });

  const termsError = fieldError('acceptTerms');
  return (
    <div className="flex flex-col gap-6">
      <AuthCardHeader title={t('auth.register.title')} subtitle={t('auth.register.subtitle')} />
      <ProviderButtons mode="register" />
      <form ref={form.formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label={t('auth.register.title')}>
        {formError && <Alert tone="error">{formError}</Alert>}
        <FormField label={t('auth.fields.fullName')} error={fieldError('name')}>
          <Input autoComplete="name" placeholder={t('auth.fields.fullNamePlaceholder')} {...textInput('name')} />
        </FormField>
        <FormField label={t('auth.fields.email')} error={fieldError('email')}>
          <Input type="email" autoComplete="email" inputMode="email" placeholder={t('auth.fields.emailPlaceholder')} {...textInput('email')} />
        </FormField>
        <FormField label={t('auth.fields.password')} error={fieldError('password')} hint={t('auth.passwordRules')}>
          <PasswordInput autoComplete="new-password" placeholder={t('auth.fields.newPasswordPlaceholder')} {...textInput('password')} />
        </FormField>
        <FormField label={t('auth.fields.confirmPassword')} error={fieldError('confirmPassword')}>
          <PasswordInput autoComplete="new-password" placeholder={t('auth.fields.confirmPasswordPlaceholder')} {...textInput('confirmPassword')} />
        </FormField>
        <div className="flex flex-col gap-1.5">
          <div className="flex items-start gap-2.5">
            <Checkbox
              id="accept-terms"
              checked={form.values.acceptTerms}
              onCheckedChange={(checked) => form.setValue('acceptTerms', checked === true)}
              aria-invalid={termsError ? true : undefined}
              aria-describedby={termsError ? 'accept-terms-error' : undefined}
              aria-labelledby="accept-terms-label"
            />
            {/* Not a <label>: the document links inside must keep their own names and must not toggle the box. */}
            <p id="accept-terms-label" className="text-sm leading-snug text-muted-foreground">
              <TaggedText
                i18nKey="auth.register.acceptTerms"
                components={{
                  terms: <LegalLink kind="terms" onOpen={setLegalDocument} />,
                  privacy: <LegalLink kind="privacy" onOpen={setLegalDocument} />,
                }}
              />
            </p>
          </div>
          {termsError && <FieldMessage id="accept-terms-error">{termsError}</FieldMessage>}
        </div>
        <Button type="submit" size="lg" loading={register.isPending} className="mt-1 w-full">
          {t('auth.register.submit')}
        </Button>
      </form>
      <p className="text-center text-sm text-muted-foreground">
        <TaggedText
          i18nKey="auth.register.haveAccount"
          components={{ action: <Link to={localized('/login')} state={locationState} className="font-semibold text-primary hover:underline" /> }}
        />
      </p>
      <LegalDialog kind={legalDocument} onClose={() => setLegalDocument(null)} />
    </div>
  );
}
