import { useId, type ReactElement, type ReactNode } from 'react';
import { cloneElement } from 'react';
import { AlertCircle } from 'lucide-react';
import { Label } from './label.tsx';

interface FieldControlProps {
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

interface FormFieldProps {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  /** Shown at the right of the label row, e.g. a "forgot password" link. */
  labelAside?: ReactNode;
  children: ReactElement<FieldControlProps>;
}

/** Label, control and message wired together: the message is announced and linked with aria-describedby. */
export function FormField({ label, error, hint, labelAside, children }: FormFieldProps) {
  const id = useId();
  const controlId = children.props.id ?? `${id}-control`;
  const messageId = `${id}-message`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? messageId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-center justify-between gap-3">
        <Label htmlFor={controlId}>{label}</Label>
        {labelAside}
      </div>
      {cloneElement(children, { id: controlId, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && !error && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && <FieldMessage id={messageId}>{error}</FieldMessage>}
    </div>
  );
}

export function FieldMessage({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p id={id} className="flex items-start gap-1.5 text-xs font-medium text-destructive" data-field-error>
      <AlertCircle className="mt-px size-3.5 shrink-0" aria-hidden />
      <span>{children}</span>
    </p>
  );
}
