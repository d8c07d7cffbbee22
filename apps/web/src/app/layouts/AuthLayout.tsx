import { AudioLines, Music2, Wand2 } from 'lucide-react';
import { useTranslation } from '../../lib/translator.ts';
import { Link, Outlet } from 'react-router';
import { Logo } from '../../components/ui/logo.tsx';
import { useLocalizedPath } from '../../lib/i18n.ts';
import { LanguageToggle } from '../../features/language/index.ts';
import { ThemeToggle } from '../../features/theme/index.ts';

function BrandPanel() {
  const { t } = useTranslation();
  const highlights = [
    { icon: AudioLines, text: t('auth.brand.speech') },
    { icon: Music2, text: t('auth.brand.music') },
    { icon: Wand2, text: t('auth.brand.voices') },
  ];
  return (
    // A complementary landmark (every piece of content sits in one), named by its headline.
    <aside aria-labelledby="brand-headline" className="relative hidden overflow-hidden bg-brand p-12 text-white lg:flex lg:flex-col lg:justify-end xl:p-16">
      <div aria-hidden className="absolute -top-24 -right-24 size-96 rounded-full bg-white/10 blur-3xl" />
      <div aria-hidden className="absolute bottom-1/3 -left-32 size-80 rounded-full bg-fuchsia-400/10 blur-3xl" />
      {/* A soft shade under the words keeps white text at 4.5:1 or more over the glow (it was 3.05–3.97:1). */}
      <div aria-hidden className="absolute inset-x-0 bottom-0 h-2/3 bg-gradient-to-t from-black/25 to-transparent" />
      <div aria-hidden className="absolute inset-x-12 top-1/4 flex h-40 items-end gap-1.5 opacity-30 xl:inset-x-16">
        {[28, 52, 36, 74, 60, 92, 48, 80, 40, 66, 100, 58, 34, 70, 46, 86, 54, 30, 62, 44, 76, 38, 56, 24].map((height, index) => (
          <span key={index} className="flex-1 rounded-full bg-white" style={{ height: `${height}%` }} />
        ))}
      </div>
      <div className="relative max-w-md">
        <h2 id="brand-headline" className="text-3xl leading-tight font-semibold tracking-tight xl:text-4xl">{t('auth.brand.headline')}</h2>
        <p className="mt-3 text-base text-white">{t('auth.brand.subline')}</p>
        <ul className="mt-8 flex flex-col gap-3">
          {highlights.map(({ icon: Icon, text }) => (
            <li key={text} className="flex items-center gap-3 text-sm font-medium text-white">
              <span className="flex size-8 items-center justify-center rounded-lg bg-white/15">
                <Icon className="size-4" aria-hidden />
              </span>
              {text}
            </li>
          ))}
        </ul>
      </div>
    </aside>
  );
}

/** Public pages: the form on the left, the brand panel on the right on wide screens. */
export function AuthLayout() {
  const localized = useLocalizedPath();
  return (
    <div className="grid min-h-dvh lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <div className="flex min-h-dvh flex-col">
        <header className="flex h-16 items-center justify-between px-5 sm:px-8">
          <Link to={localized('/login')} className="rounded-lg focus-visible:outline-2 focus-visible:outline-ring">
            <Logo />
          </Link>
          <div className="flex items-center gap-1">
            <LanguageToggle />
            <ThemeToggle />
          </div>
        </header>
        <main className="flex flex-1 items-start justify-center px-5 pt-6 pb-12 sm:items-center sm:px-8 sm:pt-0">
          <div className="w-full max-w-[400px]">
            <Outlet />
          </div>
        </main>
      </div>
      <BrandPanel />
    </div>
  );
}
