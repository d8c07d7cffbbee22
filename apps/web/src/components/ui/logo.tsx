import { useTranslation } from '../../lib/translator.ts';
import { cn } from '../../lib/cn.ts';

/** The brand mark: the same four bars as the app icon. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" className={cn('size-8 shrink-0', className)} aria-hidden>
      <defs>
        <linearGradient id="logo-gradient" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#8b5cf6" />
          <stop offset="1" stopColor="#4f46e5" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="16" fill="url(#logo-gradient)" />
      <g fill="#fff">
        <rect x="13" y="26" width="6" height="12" rx="3" />
        <rect x="23" y="18" width="6" height="28" rx="3" />
        <rect x="33" y="12" width="6" height="40" rx="3" />
        <rect x="43" y="22" width="6" height="20" rx="3" />
      </g>
    </svg>
  );
}

/** Mark plus the product name, 'Sound Studio' in every language. */
export function Logo({ className, nameClassName }: { className?: string; nameClassName?: string }) {
  const { t } = useTranslation();
  return (
    <span className={cn('flex items-center gap-2.5', className)} data-testid="logo">
      <LogoMark />
      <span className={cn('text-[15px] font-semibold tracking-tight', nameClassName)}>{t('app.name')}</span>
    </span>
  );
}
