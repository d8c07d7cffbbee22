import type { LucideIcon } from 'lucide-react';
import { Construction } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/translator.ts';
import { cn } from '../../lib/cn.ts';

/** Says plainly that a feature's action is not available yet, instead of pretending it works. */
export function ComingSoonNote({ children, className }: { children?: ReactNode; className?: string }) {
  const { t } = useTranslation();
  return (
    <p
      className={cn('flex items-center gap-2 rounded-xl border border-dashed border-border bg-muted/60 px-3.5 py-2.5 text-xs font-medium text-muted-foreground', className)}
      data-testid="coming-soon"
    >
      <Construction className="size-4 shrink-0 text-warning" aria-hidden />
      {children ?? t('common.comingSoon')}
    </p>
  );
}

/** A calm empty state that says what will appear here. */
export function EmptyState({ icon: Icon, title, description, className }: { icon: LucideIcon; title: string; description: string; className?: string }) {
  return (
    <div className={cn('flex flex-col items-center justify-center gap-2 rounded-2xl border border-dashed border-border px-6 py-12 text-center', className)}>
      <span className="mb-1 flex size-11 items-center justify-center rounded-xl bg-accent text-accent-foreground">
        <Icon className="size-5" aria-hidden />
      </span>
      <p className="text-sm font-semibold">{title}</p>
      <p className="max-w-xs text-sm text-muted-foreground">{description}</p>
    </div>
  );
}

/** A large upload/record tile; disabled until the feature's engine arrives. */
export function ActionTile({ icon: Icon, title, description }: { icon: LucideIcon; title: string; description: string }) {
  return (
    <button
      type="button"
      disabled
      className="flex flex-col items-center gap-3 rounded-2xl border-2 border-dashed border-border bg-surface px-6 py-10 text-center transition disabled:cursor-not-allowed"
    >
      <span className="flex size-12 items-center justify-center rounded-2xl bg-accent text-accent-foreground">
        <Icon className="size-6" aria-hidden />
      </span>
      <span className="text-sm font-semibold">{title}</span>
      <span className="max-w-56 text-xs text-muted-foreground">{description}</span>
    </button>
  );
}

/** "Voice slots remaining 2 / 3" (static until custom voices exist). */
export function SlotsMeter({ label, used, total }: { label: string; used: number; total: number }) {
  return (
    <div className="flex items-center gap-3 text-sm">
      <span className="text-muted-foreground">{label}</span>
      <span className="flex gap-1" aria-hidden>
        {Array.from({ length: total }, (_, index) => (
          <span key={index} className={cn('h-1.5 w-5 rounded-full', index < used ? 'bg-brand' : 'bg-muted')} />
        ))}
      </span>
      <span className="font-semibold tabular-nums">
        {used} / {total}
      </span>
    </div>
  );
}
