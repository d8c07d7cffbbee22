import * as SliderPrimitive from '@radix-ui/react-slider';
import { useState, type ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

type SliderProps = ComponentProps<typeof SliderPrimitive.Root> & {
  /** What a screen reader says for a value ("1.2×", "80%"): aria-valuetext on the thumb. */
  valueText?: (value: number) => string;
};

function sameValues(left: readonly number[], right: readonly number[]): boolean {
  return left.length === right.length && left.every((value, index) => value === right[index]);
}

/**
 * Radix steps each arrow press from the value it last rendered. A parent whose value comes back a render late (from a
 * query cache) made two quick presses step from the same value, and one was lost. So the slider shows its own value at
 * once, and adopts the parent's only when it is not one of the values it has just sent (those are the parent catching
 * up); any other value (a reset, a rollback after a failed save) wins.
 */
function useImmediateValue(value: number[] | undefined, onValueChange: ((value: number[]) => void) | undefined) {
  const [shown, setShown] = useState(value);
  const [received, setReceived] = useState(value);
  const [sent, setSent] = useState<number[][]>([]);
  if (value && received && !sameValues(value, received)) {
    setReceived(value);
    const caughtUp = sent.findIndex((emitted) => sameValues(emitted, value));
    if (caughtUp === -1) {
      setShown(value);
      setSent([]);
    } else {
      setSent(sent.slice(caughtUp + 1));
    }
  }
  const change = (next: number[]) => {
    setShown(next);
    if (value) setSent((pending) => [...pending, next]);
    onValueChange?.(next);
  };
  return { shown: value ? shown : undefined, change };
}

export function Slider({ className, valueText, value, onValueChange, ...props }: SliderProps) {
  const { shown, change } = useImmediateValue(value, onValueChange);
  const current = shown?.[0] ?? props.defaultValue?.[0];
  return (
    <SliderPrimitive.Root
      className={cn('relative flex h-5 w-full touch-none items-center select-none data-[disabled]:opacity-50', className)}
      value={shown}
      onValueChange={change}
      {...props}
    >
      <SliderPrimitive.Track className="relative h-1.5 grow overflow-hidden rounded-full bg-muted">
        <SliderPrimitive.Range className="absolute h-full bg-brand" />
      </SliderPrimitive.Track>
      <SliderPrimitive.Thumb
        aria-label={props['aria-label']}
        aria-valuetext={valueText && current !== undefined ? valueText(current) : undefined}
        className="block size-4 rounded-full border-2 border-primary bg-surface shadow transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      />
    </SliderPrimitive.Root>
  );
}
