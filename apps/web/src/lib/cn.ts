import { clsx, type ClassValue } from 'clsx';

/** Joins class names; later utilities are written to not conflict, so no merge step is needed. */
export function cn(...values: ClassValue[]): string {
  return clsx(values);
}
