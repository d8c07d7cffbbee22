import * as AlertDialogPrimitive from '@radix-ui/react-alert-dialog';
import { useRef, type ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { buttonClasses } from './button.tsx';
import { overlayClasses } from './dialog.tsx';

interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: ReactNode;
  /** Without a cancel label the dialog is a plain alert with one button. */
  cancelLabel?: ReactNode;
  onConfirm: () => void;
  onCancel?: () => void;
  testId?: string;
}

/** A modal question or alert that must be answered: the in-app form of confirm() and alert(). */
export function ConfirmDialog({ open, title, description, confirmLabel, cancelLabel, onConfirm, onCancel, testId }: ConfirmDialogProps) {
  const confirmRef = useRef<HTMLButtonElement>(null);
  return (
    <AlertDialogPrimitive.Root open={open}>
      <AlertDialogPrimitive.Portal>
        <AlertDialogPrimitive.Overlay className={overlayClasses} />
        <AlertDialogPrimitive.Content
          data-testid={testId}
          // The buttons report the answer; Escape counts as the cancel (or, for an alert, the OK) answer.
          onEscapeKeyDown={() => (onCancel ?? onConfirm)()}
          // Focus the positive answer: Enter on the session warning keeps the user signed in.
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            confirmRef.current?.focus();
          }}
          className={cn(
            'fixed top-1/2 left-1/2 z-50 w-[calc(100vw-1.5rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-border',
            'bg-surface-raised p-6 shadow-pop data-[state=open]:animate-zoom-in focus:outline-none',
          )}
        >
          <AlertDialogPrimitive.Title className="text-base font-semibold tracking-tight">{title}</AlertDialogPrimitive.Title>
          <AlertDialogPrimitive.Description className="mt-2 text-sm leading-relaxed text-muted-foreground">
            {description}
          </AlertDialogPrimitive.Description>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            {cancelLabel && (
              <AlertDialogPrimitive.Cancel className={buttonClasses('outline')} onClick={onCancel}>
                {cancelLabel}
              </AlertDialogPrimitive.Cancel>
            )}
            <AlertDialogPrimitive.Action ref={confirmRef} className={buttonClasses('primary')} onClick={onConfirm}>
              {confirmLabel}
            </AlertDialogPrimitive.Action>
          </div>
        </AlertDialogPrimitive.Content>
      </AlertDialogPrimitive.Portal>
    </AlertDialogPrimitive.Root>
  );
}
