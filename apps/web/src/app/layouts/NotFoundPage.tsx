import { Compass } from 'lucide-react';
import { useTranslation } from '../../lib/translator.ts';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { Logo } from '../../components/ui/logo.tsx';
import { useLocalizedPath } from '../../lib/i18n.ts';

export function NotFoundPage() {
  const { t } = useTranslation();
  const localized = useLocalizedPath();
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-6 px-6 text-center">
      <Logo />
      <div className="flex size-14 items-center justify-center rounded-2xl bg-accent text-accent-foreground">
        <Compass className="size-6" aria-hidden />
      </div>
      <div>
        <h1 className="text-xl font-semibold tracking-tight">{t('notFound.title')}</h1>
        <p className="mt-2 text-sm text-muted-foreground">{t('notFound.description')}</p>
      </div>
      <Button asChild>
        <Link to={localized('/')}>{t('notFound.home')}</Link>
      </Button>
    </main>
  );
}
