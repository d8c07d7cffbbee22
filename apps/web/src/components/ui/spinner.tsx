import { useTranslation } from '../../lib/translator.ts';
import { cn } from '../../lib/cn.ts';

export function Spinner({ className, label }: { className?: string; label?: string }) {
  return (
    <svg
      className={cn('size-5 animate-spin text-current', className)}
      viewBox="0 0 24 24"
      fill="none"
      role={label ? 'status' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      <circle cx="12" cy="12" r="9.5" stroke="currentColor" strokeOpacity="0.2" strokeWidth="3" />
      <path d="M21.5 12a9.5 9.5 0 0 0-9.5-9.5" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

/** Full-height centred spinner for auth loading and lazy pages. */
export function PageSpinner() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-[50vh] flex-1 items-center justify-center text-primary" data-testid="page-spinner">
      <Spinner className="size-8" label={t('common.loading')} />
    </div>
  );
}
