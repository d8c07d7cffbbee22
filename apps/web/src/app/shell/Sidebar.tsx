import { useState } from 'react';
import { useTranslation } from '../../lib/translator.ts';
import { NavLink } from 'react-router';
import { Badge } from '../../components/ui/badge.tsx';
import { cn } from '../../lib/cn.ts';
import { useLocalizedPath } from '../../lib/i18n.ts';
import { BREAKPOINTS, useMediaQuery } from '../../lib/use-media-query.ts';
import { LegalDialog, type LegalDocumentKind } from '../../features/legal/index.ts';
import { NAV_GROUPS, type NavItem } from './navigation.ts';
import { DiscordGlyph, InstagramGlyph, XGlyph, YouTubeGlyph } from './social-icons.tsx';

const SOCIAL_LINKS = [
  { name: 'X', Glyph: XGlyph },
  { name: 'Discord', Glyph: DiscordGlyph },
  { name: 'YouTube', Glyph: YouTubeGlyph },
  { name: 'Instagram', Glyph: InstagramGlyph },
];

function SidebarLink({ item, collapsed, onNavigate }: { item: NavItem; collapsed: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const localized = useLocalizedPath();
  const label = t(`nav.${item.labelKey}`);
  const Icon = item.icon;
  return (
    <NavLink
      to={localized(item.path)}
      end={item.path === '/'}
      onClick={onNavigate}
      title={collapsed ? label : undefined}
      className={({ isActive }) =>
        cn(
          'group flex h-9 items-center gap-3 rounded-lg px-2.5 text-sm font-medium transition',
          'focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-ring',
          isActive ? 'bg-accent text-accent-foreground' : 'text-muted-foreground hover:bg-muted hover:text-foreground',
          collapsed && 'justify-center px-0',
        )
      }
    >
      <Icon className="size-[18px] shrink-0" aria-hidden />
      {collapsed ? (
        <span className="sr-only">{label}</span>
      ) : (
        <>
          <span className="truncate">{label}</span>
          {item.badge && (
            <Badge tone={item.badge === 'new' ? 'brand' : 'accent'} className="ml-auto uppercase">
              {t(`nav.badges.${item.badge}`)}
            </Badge>
          )}
        </>
      )}
    </NavLink>
  );
}

function SidebarFooter({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  const [legalDocument, setLegalDocument] = useState<LegalDocumentKind | null>(null);
  if (collapsed) return null;
  return (
    <div className="flex flex-col gap-3 border-t border-border px-3 pt-4 pb-4">
      <div className="flex items-center gap-1" aria-label={t('nav.social')} role="group">
        {SOCIAL_LINKS.map(({ name, Glyph }) => (
          // Placeholders until the product has its channels: focusable, announced, going nowhere.
          <a
            key={name}
            href="#social"
            onClick={(event) => event.preventDefault()}
            aria-label={name}
            className="flex size-8 items-center justify-center rounded-lg text-muted-foreground transition hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
          >
            <Glyph />
          </a>
        ))}
      </div>
      <div className="flex flex-wrap gap-x-3 gap-y-1 px-1 text-xs text-muted-foreground">
        <button type="button" className="hover:text-foreground hover:underline" onClick={() => setLegalDocument('terms')}>
          {t('legal.terms')}
        </button>
        <button type="button" className="hover:text-foreground hover:underline" onClick={() => setLegalDocument('privacy')}>
          {t('legal.privacy')}
        </button>
      </div>
      <LegalDialog kind={legalDocument} onClose={() => setLegalDocument(null)} />
    </div>
  );
}

/** The navigation column: used fixed on wide screens and inside the drawer on small ones. */
export function SidebarContent({ collapsed = false, onNavigate }: { collapsed?: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <nav aria-label={t('nav.label')} className="flex-1 overflow-y-auto px-3 py-4">
        {NAV_GROUPS.map((group) => (
          <div key={group.titleKey} className="mb-5 last:mb-0">
            {collapsed ? (
              <div className="mx-2 mb-2 h-px bg-border first:hidden" aria-hidden />
            ) : (
              <p className="mb-1.5 px-2.5 text-[11px] font-semibold tracking-wider text-muted-foreground uppercase">{t(`nav.groups.${group.titleKey}`)}</p>
            )}
            <ul className="flex flex-col gap-0.5">
              {group.items.map((item) => (
                <li key={item.path}>
                  <SidebarLink item={item} collapsed={collapsed} onNavigate={onNavigate} />
                </li>
              ))}
            </ul>
          </div>
        ))}
      </nav>
      <SidebarFooter collapsed={collapsed} />
    </>
  );
}

/** The fixed column of wide screens; not drawn on smaller ones, where the drawer (`MobileNav`) holds the navigation. */
export function Sidebar({ collapsed }: { collapsed: boolean }) {
  const wide = useMediaQuery(BREAKPOINTS.lg);
  if (!wide) return null;
  return (
    <aside
      className={cn(
        'hidden shrink-0 flex-col border-r border-border bg-surface transition-[width] duration-200 lg:flex',
        collapsed ? 'w-[72px]' : 'w-60',
      )}
      data-testid="sidebar"
    >
      <SidebarContent collapsed={collapsed} />
    </aside>
  );
}
