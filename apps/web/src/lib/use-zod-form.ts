import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { fieldErrors } from '@sound-studio/shared';
import type { z } from 'zod';
import { isLazySchema, resolveSchema, type SchemaSource } from './lazy-schema.ts';

type FieldName<Values> = Extract<keyof Values, string>;
type FieldMessages<Values> = Partial<Record<FieldName<Values>, string>>;

/**
 * Form state validated by a shared zod schema. A field shows its first message once the user has typed in it or
 * tried to submit; a message from the server shows until that field changes. A lazy schema (the sign-in form's) loads
 * when the form first gets focus; a submit before it arrives waits for it.
 */
export function useZodForm<Schema extends z.ZodType<unknown, Record<string, unknown>>>(source: SchemaSource<Schema>, initialValues: z.input<Schema>) {
  type Values = z.input<Schema>;
  const [schema, setSchema] = useState<Schema | null>(() => (isLazySchema(source) ? null : source));
  const [values, setValues] = useState<Values>(initialValues);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitCount, setSubmitCount] = useState(0);
  const [serverMessages, setServerMessages] = useState<FieldMessages<Values>>({});
  const formRef = useRef<HTMLFormElement>(null);

  const loadSchema = useCallback(
    () =>
      resolveSchema(source).then((loaded) => {
        setSchema(() => loaded);
        return loaded;
      }),
    [source],
  );

  const result = useMemo(() => schema?.safeParse(values) ?? null, [schema, values]);
  const clientMessages = useMemo(() => {
    if (!result || result.success) return {};
    return Object.fromEntries(Object.entries(fieldErrors(result.error)).map(([field, messages]) => [field, messages[0]]));
  }, [result]) as Record<string, string | undefined>;

  const errorFor = useCallback(
    (field: FieldName<Values>): string | undefined =>
      serverMessages[field] ?? (submitCount > 0 || touched.has(field) ? clientMessages[field] : undefined),
    [serverMessages, submitCount, touched, clientMessages],
  );

  const setValue = useCallback(<Field extends FieldName<Values>>(field: Field, value: Values[Field]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setTouched((current) => new Set(current).add(field));
    setServerMessages((current) => {
      if (!(field in current)) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });
  }, []);

  /** Prevents the native submit, marks every field for display and calls `onValid` with the parsed values. */
  const handleSubmit = useCallback(
    (onValid: (data: z.output<Schema>) => void) => (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (result) {
        setSubmitCount((count) => count + 1);
        if (result.success) onValid(result.data);
        return;
      }
      void loadSchema().then((loaded) => {
        setSubmitCount((count) => count + 1);
        const parsed = loaded.safeParse(values);
        if (parsed.success) onValid(parsed.data);
      });
    },
    [result, loadSchema, values],
  );

  // A lazy schema starts loading as soon as the user reaches the form.
  useEffect(() => {
    const form = formRef.current;
    if (schema || !form) return;
    const load = () => void loadSchema();
    form.addEventListener('focusin', load, { once: true });
    return () => form.removeEventListener('focusin', load);
  }, [schema, loadSchema]);

  // After a failed submit, move focus to the first field that needs fixing.
  useEffect(() => {
    if (submitCount === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [submitCount]);

  const reset = useCallback((next: Values) => {
    setValues(next);
    setTouched(new Set());
    setSubmitCount(0);
    setServerMessages({});
  }, []);

  return { values, setValue, errorFor, handleSubmit, setServerMessages, reset, formRef, isValid: result?.success === true };
}
