import type { InputHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { cn } from '../../lib/cn.ts';

export const fieldClasses = cn(
  'w-full rounded-xl border border-input bg-surface px-3.5 text-sm text-foreground shadow-xs transition',
  'placeholder:text-muted-foreground/70 hover:border-muted-foreground/40',
  'focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring focus-visible:border-transparent',
  'disabled:cursor-not-allowed disabled:opacity-60',
  'aria-[invalid=true]:border-destructive aria-[invalid=true]:focus-visible:outline-destructive',
);

export function Input({ className, ...props }: InputHTMLAttributes<HTMLInputElement>) {
  return <input className={cn(fieldClasses, 'h-11', className)} {...props} />;
}

/** A borderless writing surface for editors that sit inside a card. */
const bareClasses = 'w-full resize-none bg-transparent text-[15px] leading-relaxed text-foreground placeholder:text-muted-foreground/70 focus:outline-none disabled:opacity-60';

export function Textarea({ className, bare = false, ...props }: TextareaHTMLAttributes<HTMLTextAreaElement> & { bare?: boolean }) {
  return <textarea className={cn(bare ? bareClasses : cn(fieldClasses, 'min-h-28 resize-y py-3 leading-relaxed'), className)} {...props} />;
}
