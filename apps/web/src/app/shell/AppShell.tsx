import { memo, Suspense, useEffect, useLayoutEffect, useState } from 'react';
import { useTranslation } from '../../lib/translator.ts';
import { Outlet } from 'react-router';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { markFirstPageDrawn } from '../../lib/first-page.ts';
import { releasePrerenderedFrame } from '../prerendered-page.ts';
import { ToastProvider } from '../../components/ui/toast.tsx';
import { PlanGateDialog } from '../../features/billing/index.ts';
import { PlayerProvider } from '../../features/player/index.ts';
import { usePlanUpdates } from '../../features/pricing/index.ts';
import { usePreferences, useUpdatePreferences } from '../../features/preferences/index.ts';
import { Header } from './Header.tsx';
import { MobileNav } from './MobileNav.tsx';
import { PlayerBarSlot } from './PlayerBarSlot.tsx';
import { Sidebar } from './Sidebar.tsx';
import { useSavedLanguage } from './use-saved-language.ts';

/** Rendered with the page (inside its Suspense boundary): the page is drawn, so the frame drawn at build time goes. */
function PageDrawn() {
  useLayoutEffect(releasePrerenderedFrame, []);
  useEffect(markFirstPageDrawn, []);
  return null;
}

/**
 * The page, kept out of the shell's re-renders: the shell's own data (preferences, the plan) re-renders the shell when
 * it arrives, and a page still loading beneath it would then be drawn in that same synchronous render, in one long
 * task, rather than in the slices of its own (a transition). The page still follows the route (its context).
 */
const ShellPage = memo(function ShellPage() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Outlet />
      <PageDrawn />
    </Suspense>
  );
});

/**
 * The signed-in frame: slim header, sidebar (drawer on small screens), the page, and the player bar. The one audio
 * player and the toasts live here, so every page shares them.
 */
export default function AppShell() {
  const { t } = useTranslation();
  // The sidebar's state is a saved preference (PUT /preferences), applied at once and rolled back on failure.
  const { preferences } = usePreferences();
  const { mutate: updatePreferences } = useUpdatePreferences();
  const sidebarCollapsed = preferences.ui.sidebarCollapsed;
  const [drawerOpen, setDrawerOpen] = useState(false);
  usePlanUpdates();
  useSavedLanguage();
  return (
    <ToastProvider>
      <PlayerProvider>
        <div className="flex h-dvh flex-col">
          <a
            href="#main"
            className="sr-only z-50 rounded-lg bg-surface-raised px-4 py-2 text-sm font-medium shadow-pop focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
          >
            {t('nav.skipToContent')}
          </a>
          <Header
            sidebarCollapsed={sidebarCollapsed}
            onToggleSidebar={() => updatePreferences({ preferences: { ui: { sidebarCollapsed: !sidebarCollapsed } } })}
            onOpenDrawer={() => setDrawerOpen(true)}
          />
          <div className="flex min-h-0 flex-1">
            <Sidebar collapsed={sidebarCollapsed} />
            <main id="main" className="min-w-0 flex-1 overflow-y-auto" tabIndex={-1}>
              <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-8 sm:py-10">
                <ShellPage />
              </div>
            </main>
          </div>
          <PlayerBarSlot />
          <MobileNav open={drawerOpen} onOpenChange={setDrawerOpen} />
          <PlanGateDialog />
        </div>
      </PlayerProvider>
    </ToastProvider>
  );
}
