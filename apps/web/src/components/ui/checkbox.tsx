import { Check } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

interface CheckboxProps extends Omit<ComponentProps<'input'>, 'type' | 'checked' | 'onChange'> {
  checked?: boolean;
  onCheckedChange?: (checked: boolean) => void;
}

/**
 * A native checkbox drawn as the design's box. Radix's checkbox measured its button in a layout effect as it mounted
 * (to size the hidden input it keeps for forms), forcing a layout of the whole page inside the commit that drew the
 * sign-in form: the largest task of /login's load in a Lighthouse trace.
 */
export function Checkbox({ className, checked, onCheckedChange, ...props }: CheckboxProps) {
  return (
    <span className={cn('relative mt-0.5 inline-flex size-[18px] shrink-0', className)}>
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onCheckedChange?.(event.target.checked)}
        className={cn(
          'peer size-full cursor-pointer appearance-none rounded-[5px] border border-input bg-surface transition',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
          'checked:border-transparent checked:bg-primary',
          'aria-[invalid=true]:border-destructive disabled:cursor-default disabled:opacity-50',
        )}
        {...props}
      />
      <Check
        className="pointer-events-none absolute inset-0 m-auto hidden size-3.5 text-primary-foreground peer-checked:block"
        strokeWidth={3}
        aria-hidden
      />
    </span>
  );
}
