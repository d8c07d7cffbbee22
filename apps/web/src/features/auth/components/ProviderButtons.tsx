import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/translator.ts';
import { useSearchParams } from 'react-router';
import { OAUTH_ERRORS, type OAuthProviderName } from '@sound-studio/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { authApi, socialSignInUrl } from '../api/auth-api.ts';

function GoogleMark() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden>
      <path fill="#4285F4" d="M23.5 12.27c0-.85-.08-1.67-.22-2.45H12v4.63h6.45a5.52 5.52 0 0 1-2.39 3.62v3h3.87c2.26-2.09 3.57-5.17 3.57-8.8Z" />
      <path fill="#34A853" d="M12 24c3.24 0 5.95-1.07 7.93-2.9l-3.87-3.01c-1.07.72-2.45 1.15-4.06 1.15-3.13 0-5.77-2.11-6.72-4.95H1.28v3.1A11.99 11.99 0 0 0 12 24Z" />
      <path fill="#FBBC05" d="M5.28 14.29a7.2 7.2 0 0 1 0-4.58v-3.1H1.28a12 12 0 0 0 0 10.78l4-3.1Z" />
      <path fill="#EA4335" d="M12 4.77c1.76 0 3.34.6 4.59 1.8l3.43-3.44A11.5 11.5 0 0 0 12 0 12 12 0 0 0 1.28 6.61l4 3.1C6.23 6.88 8.87 4.77 12 4.77Z" />
    </svg>
  );
}

function GitHubMark() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden fill="currentColor">
      <path d="M12 .5a11.5 11.5 0 0 0-3.64 22.41c.58.1.79-.25.79-.56v-2c-3.2.7-3.87-1.37-3.87-1.37-.53-1.33-1.29-1.69-1.29-1.69-1.04-.72.08-.7.08-.7 1.16.08 1.77 1.19 1.77 1.19 1.03 1.76 2.7 1.25 3.36.96.1-.75.4-1.25.73-1.54-2.55-.29-5.24-1.28-5.24-5.68 0-1.26.45-2.28 1.19-3.09-.12-.29-.52-1.46.11-3.05 0 0 .97-.31 3.17 1.18a11 11 0 0 1 5.77 0c2.2-1.49 3.17-1.18 3.17-1.18.63 1.59.23 2.76.11 3.05.74.81 1.19 1.83 1.19 3.09 0 4.41-2.69 5.38-5.25 5.67.41.36.78 1.06.78 2.14v3.17c0 .31.21.67.8.56A11.5 11.5 0 0 0 12 .5Z" />
    </svg>
  );
}

const MARKS: Record<OAuthProviderName, () => React.JSX.Element> = { google: GoogleMark, github: GitHubMark };

/** The server's answer, asked once per page load; a failure is not kept, so the next form asks again. */
let enabledProviders: Promise<readonly OAuthProviderName[]> | undefined;
let knownProviders: readonly OAuthProviderName[] | undefined;

function loadEnabledProviders(): Promise<readonly OAuthProviderName[]> {
  enabledProviders ??= authApi.providers().then(
    ({ providers }) => (knownProviders = providers),
    () => {
      enabledProviders = undefined;
      return [];
    },
  );
  return enabledProviders;
}

/** Forgets the answer (tests: each starts as a fresh page load). */
export function forgetEnabledProviders(): void {
  enabledProviders = undefined;
  knownProviders = undefined;
}

function useEnabledProviders(): readonly OAuthProviderName[] {
  // Known already (the user came from the other form): drawn at once, so the form does not shift.
  const [providers, setProviders] = useState(() => knownProviders ?? []);
  useEffect(() => {
    let mounted = true;
    void loadEnabledProviders().then((loaded) => mounted && setProviders(loaded));
    return () => {
      mounted = false;
    };
  }, []);
  return providers;
}

/**
 * Google and GitHub sign-in, with the "or continue with email" divider: only the providers the server has credentials
 * for (GOOGLE_CLIENT_ID/_SECRET, GITHUB_CLIENT_ID/_SECRET), nothing at all when it has none. Each is a link: the
 * server's start address redirects to the provider and comes back to /login/social or /login/link-account.
 */
export function ProviderButtons({ mode }: { mode: 'login' | 'register' }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const providers = useEnabledProviders();
  if (providers.length === 0) return null;
  const label = (provider: OAuthProviderName) => {
    if (provider === 'google') return mode === 'login' ? t('auth.providers.googleSignIn') : t('auth.providers.googleSignUp');
    return mode === 'login' ? t('auth.providers.githubSignIn') : t('auth.providers.githubSignUp');
  };
  return (
    <>
      <div className={cn('grid grid-cols-1 gap-2.5', providers.length > 1 && 'sm:grid-cols-2')}>
        {providers.map((provider) => {
          const Mark = MARKS[provider];
          return (
            <Button key={provider} asChild variant="outline" size="lg" data-provider={provider}>
              <a href={socialSignInUrl(provider, language)}>
                <Mark />
                {label(provider)}
              </a>
            </Button>
          );
        })}
      </div>
      <OrDivider />
    </>
  );
}

/** Why a social sign-in came back to /login (`?oauth_error=`), in the reader's language. */
export function SocialSignInError() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const reason = params.get('oauth_error');
  const known = OAUTH_ERRORS.find((error) => error === reason);
  if (!known) return null;
  return (
    <Alert tone="error">
      <span data-testid="oauth-error">{t(`auth.social.errors.${known}`)}</span>
    </Alert>
  );
}

function OrDivider() {
  const { t } = useTranslation();
  return (
    <div className="flex items-center gap-3 text-xs font-medium tracking-wide text-muted-foreground uppercase">
      <span className="h-px flex-1 bg-border" />
      {t('auth.orContinueWithEmail')}
      <span className="h-px flex-1 bg-border" />
    </div>
  );
}
