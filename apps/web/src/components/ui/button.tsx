import { Slot } from '@radix-ui/react-slot';
import type { ButtonHTMLAttributes, Ref } from 'react';
import { cn } from '../../lib/cn.ts';
import { Spinner } from './spinner.tsx';

const VARIANTS = {
  primary: 'bg-brand text-white shadow-sm hover:brightness-110 active:brightness-95',
  secondary: 'bg-muted text-foreground hover:bg-border/70',
  outline: 'border border-input bg-surface text-foreground hover:bg-muted',
  ghost: 'text-foreground hover:bg-muted',
  subtle: 'bg-accent text-accent-foreground hover:brightness-95 dark:hover:brightness-125',
  destructive: 'bg-destructive text-white hover:brightness-110',
  link: 'text-primary underline-offset-4 hover:underline px-0 h-auto',
} as const;

const SIZES = {
  sm: 'h-8 gap-1.5 rounded-lg px-3 text-xs',
  md: 'h-10 gap-2 rounded-xl px-4 text-sm',
  lg: 'h-11 gap-2 rounded-xl px-5 text-sm',
  /** Header controls: one height for every item in the bar. */
  header: 'h-9 gap-1.5 rounded-lg px-3 text-sm',
  pill: 'h-9 gap-1.5 rounded-full px-3 text-sm',
  icon: 'size-9 rounded-lg',
  'icon-round': 'size-9 rounded-full',
  chip: 'h-8 gap-1.5 rounded-full px-3 text-xs',
  'icon-sm': 'size-8 rounded-lg',
} as const;

export type ButtonVariant = keyof typeof VARIANTS;
export type ButtonSize = keyof typeof SIZES;

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  ref?: Ref<HTMLButtonElement>;
  variant?: ButtonVariant;
  size?: ButtonSize;
  loading?: boolean;
  /** Renders the child element (a link) with button styles. */
  asChild?: boolean;
}

export function buttonClasses(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', className?: string) {
  return cn(
    'inline-flex shrink-0 select-none items-center justify-center font-medium whitespace-nowrap transition',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
    'disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0',
    VARIANTS[variant],
    variant !== 'link' && SIZES[size],
    className,
  );
}

export function Button({ variant, size, loading, asChild, className, children, disabled, type, ...props }: ButtonProps) {
  if (asChild) {
    return (
      <Slot className={buttonClasses(variant, size, className)} {...props}>
        {children}
      </Slot>
    );
  }
  return (
    <button
      type={type ?? 'button'}
      className={buttonClasses(variant, size, className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...props}
    >
      {loading && <Spinner className="size-4" />}
      {children}
    </button>
  );
}
