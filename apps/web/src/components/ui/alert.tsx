import type { ReactNode } from 'react';
import { AlertCircle, CheckCircle2, Info, TriangleAlert } from 'lucide-react';
import { cn } from '../../lib/cn.ts';

const TONES = {
  error: { classes: 'border-destructive/25 bg-destructive-soft text-destructive', Icon: AlertCircle },
  success: { classes: 'border-success/25 bg-success-soft text-success', Icon: CheckCircle2 },
  warning: { classes: 'border-warning/25 bg-warning-soft text-warning', Icon: TriangleAlert },
  info: { classes: 'border-primary/20 bg-accent text-accent-foreground', Icon: Info },
} as const;

/** An inline message box; errors are announced assertively, the rest politely. */
export function Alert({ tone, children, className }: { tone: keyof typeof TONES; children: ReactNode; className?: string }) {
  const { classes, Icon } = TONES[tone];
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn('flex items-start gap-2.5 rounded-xl border px-3.5 py-3 text-sm font-medium', classes, className)}
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden />
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}
