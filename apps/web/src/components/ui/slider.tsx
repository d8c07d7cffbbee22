import { useState, type CSSProperties, type KeyboardEvent } from 'react';
import { cn } from '../../lib/cn.ts';

export interface SliderProps {
  min?: number;
  max?: number;
  step?: number;
  /** One value, in an array (the shape Radix's slider had, which the callers keep). Controlled: every caller holds it. */
  value: number[];
  onValueChange: (value: number[]) => void;
  /** What a screen reader says for a value ("1.2×", "80%"): aria-valuetext. */
  valueText?: (value: number) => string;
  disabled?: boolean;
  className?: string;
  'aria-label'?: string;
  'data-testid'?: string;
}

function sameValues(left: readonly number[], right: readonly number[]): boolean {
  return left.length === right.length && left.every((value, index) => value === right[index]);
}

/**
 * Each arrow press steps from the value the slider last rendered. A parent whose value comes back a render late (from a
 * query cache) made two quick presses step from the same value, and one was lost. So the slider shows its own value at
 * once, and adopts the parent's only when it is not one of the values it has just sent (those are the parent catching
 * up); any other value (a reset, a rollback after a failed save) wins.
 */
function useImmediateValue(value: number[], onValueChange: (value: number[]) => void) {
  const [shown, setShown] = useState(value);
  const [received, setReceived] = useState(value);
  const [sent, setSent] = useState<number[][]>([]);
  if (!sameValues(value, received)) {
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
    setSent((pending) => [...pending, next]);
    onValueChange(next);
  };
  return { shown, change };
}

/** Decimal places of a step (0.05 -> 2), so stepped values come out as written, not as 1.2000000000000002. */
function decimalsOf(step: number): number {
  return step.toString().split('.')[1]?.length ?? 0;
}

/** Where a key moves the value: arrows one step, Page keys ten, Home and End to the ends; null for other keys. */
function keyTarget(key: string, current: number, { min, max, step }: { min: number; max: number; step: number }): number | null {
  const moves: Record<string, number> = { ArrowRight: step, ArrowUp: step, ArrowLeft: -step, ArrowDown: -step, PageUp: step * 10, PageDown: -step * 10 };
  if (key === 'Home') return min;
  if (key === 'End') return max;
  const move = moves[key];
  if (move === undefined) return null;
  const stepped = min + Math.round((current + move - min) / step) * step;
  return Number(Math.min(max, Math.max(min, stepped)).toFixed(decimalsOf(step)));
}

/**
 * A native range input: the browser draws and moves it, with no script measuring the page as it mounts (Radix's slider
 * measured each thumb in a layout effect and set state there, a second render in the commit that drew the page).
 * Keys are handled here rather than left to the browser, so every browser steps alike (Page keys by ten steps).
 */
export function Slider({ min = 0, max = 100, step = 1, value, onValueChange, valueText, disabled, className, ...rest }: SliderProps) {
  const { shown, change } = useImmediateValue(value, onValueChange);
  const current = shown[0] ?? min;
  const emit = (next: number) => {
    if (next !== current) change([next]);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const next = keyTarget(event.key, current, { min, max, step });
    if (next === null) return;
    event.preventDefault();
    emit(next);
  };
  const filled = max > min ? (current - min) / (max - min) : 0;
  return (
    <input
      type="range"
      min={min}
      max={max}
      step={step}
      value={current}
      disabled={disabled}
      onChange={(event) => emit(Number(event.currentTarget.value))}
      onKeyDown={onKeyDown}
      aria-label={rest['aria-label']}
      aria-valuenow={current}
      aria-valuetext={valueText?.(current)}
      data-testid={rest['data-testid']}
      className={cn('range-slider', className)}
      style={{ '--range-filled': filled } as CSSProperties}
    />
  );
}
