import { Menu, PanelLeftClose, PanelLeftOpen, Sparkles } from 'lucide-react';
import { useTranslation } from '../../lib/translator.ts';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { Logo } from '../../components/ui/logo.tsx';
import { useLocalizedPath } from '../../lib/i18n.ts';
import { BREAKPOINTS, useMediaQuery } from '../../lib/use-media-query.ts';
import { CreditsPopover } from '../../features/credits/index.ts';
import { InstallButton } from '../../features/install/index.ts';
import { LanguageMenu } from '../../features/language/index.ts';
import { ThemeMenu } from '../../features/theme/index.ts';
import { UserMenu } from './UserMenu.tsx';

interface HeaderProps {
  sidebarCollapsed: boolean;
  onToggleSidebar: () => void;
  onOpenDrawer: () => void;
}

export function Header({ sidebarCollapsed, onToggleSidebar, onOpenDrawer }: HeaderProps) {
  const { t } = useTranslation();
  const localized = useLocalizedPath();
  // Below the small breakpoint the install, language and theme controls live in the drawer (`MobileNav`) instead.
  const roomy = useMediaQuery(BREAKPOINTS.sm);
  return (
    <header className="flex h-14 shrink-0 items-center gap-1.5 border-b border-border bg-surface/80 px-3 backdrop-blur supports-[backdrop-filter]:bg-surface/70 sm:gap-2 sm:px-4">
      <Button variant="ghost" size="icon" className="lg:hidden" onClick={onOpenDrawer} aria-label={t('nav.openMenu')}>
        <Menu aria-hidden />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        className="max-lg:hidden"
        onClick={onToggleSidebar}
        aria-label={sidebarCollapsed ? t('nav.expandSidebar') : t('nav.collapseSidebar')}
        aria-expanded={!sidebarCollapsed}
      >
        {sidebarCollapsed ? <PanelLeftOpen aria-hidden /> : <PanelLeftClose aria-hidden />}
      </Button>
      <Link to={localized('/')} className="mr-auto rounded-lg focus-visible:outline-2 focus-visible:outline-ring" aria-label={`${t('app.name')}, ${t('nav.home')}`}>
        <Logo nameClassName="hidden min-[400px]:inline" />
      </Link>
      {roomy && (
        <div className="hidden items-center gap-1 sm:flex">
          <InstallButton showLabel />
          <LanguageMenu />
          <ThemeMenu />
        </div>
      )}
      <CreditsPopover />
      <Button asChild size="header" className="max-sm:w-9 max-sm:px-0">
        <Link to={localized('/pricing')} aria-label={t('header.upgrade')} data-testid="upgrade-button">
          <Sparkles aria-hidden />
          <span className="max-sm:sr-only">{t('header.upgrade')}</span>
        </Link>
      </Button>
      <UserMenu />
    </header>
  );
}
