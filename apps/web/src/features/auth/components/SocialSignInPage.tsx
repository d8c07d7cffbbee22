import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../lib/translator.ts';
import { useNavigate } from 'react-router';
import type { SocialSession } from '@sound-studio/shared';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useLocalizedPath } from '../../../lib/i18n.ts';
import { authApi } from '../api/auth-api.ts';
import { useAuth } from '../session/auth-context.ts';
import { clearNewAccount, markNewAccount } from '../session/new-account.ts';

/**
 * /login/social: where the server sends the browser after Google or GitHub vouched for the user. It trades the
 * server's short-lived, HttpOnly hand-off cookie for a session once; the signed-out guard then opens the studio.
 */
export function SocialSignInPage() {
  const { t } = useTranslation();
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const localized = useLocalizedPath();
  // The hand-off is single-use: React's development double effect must not spend it twice.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    authApi.socialSession().then(
      (session: SocialSession) => {
        if (session.newAccount) markNewAccount();
        else clearNewAccount();
        signIn(session, 'local');
      },
      () => void navigate(`${localized('/login')}?oauth_error=expired`, { replace: true }),
    );
  }, [signIn, navigate, localized]);

  return (
    <div className="flex flex-col items-center gap-3 py-10 text-sm text-muted-foreground" role="status">
      <Spinner />
      {t('auth.social.signingIn')}
    </div>
  );
}
