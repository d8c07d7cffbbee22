import type { HTMLAttributes } from 'react';
import { cn } from '../../lib/cn.ts';

const TONES = {
  neutral: 'bg-muted text-muted-foreground',
  brand: 'bg-brand text-white',
  accent: 'bg-accent text-accent-foreground',
  success: 'bg-success-soft text-success',
  warning: 'bg-warning-soft text-warning',
  danger: 'bg-destructive-soft text-destructive',
} as const;

export function Badge({ tone = 'neutral', className, ...props }: HTMLAttributes<HTMLSpanElement> & { tone?: keyof typeof TONES }) {
  return (
    <span
      className={cn('inline-flex items-center rounded-full px-2 py-0.5 text-[11px] leading-4 font-semibold tracking-wide', TONES[tone], className)}
      {...props}
    />
  );
}
