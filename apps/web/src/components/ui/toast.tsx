import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { AlertCircle, CheckCircle2, Info, X } from 'lucide-react';
import { useTranslation } from '../../lib/translator.ts';
import { cn } from '../../lib/cn.ts';

type ToastTone = 'success' | 'error' | 'info';

interface Toast {
  id: number;
  tone: ToastTone;
  message: string;
}

interface ToastApi {
  show: (message: string, tone?: ToastTone) => void;
}

const ToastContext = createContext<ToastApi | null>(null);

const TOAST_MS = 4000;
const ICONS = { success: CheckCircle2, error: AlertCircle, info: Info } as const;
const TONES = {
  success: 'text-success',
  error: 'text-destructive',
  info: 'text-primary',
} as const;

/** Short notices ("Link copied", failures of background actions) stacked above the player bar. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(0);
  const dismiss = useCallback((id: number) => setToasts((current) => current.filter((toast) => toast.id !== id)), []);
  const show = useCallback(
    (message: string, tone: ToastTone = 'info') => {
      nextId.current += 1;
      const id = nextId.current;
      setToasts((current) => [...current.slice(-2), { id, tone, message }]);
      setTimeout(() => dismiss(id), TOAST_MS);
    },
    [dismiss],
  );
  const api = useMemo(() => ({ show }), [show]);
  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="pointer-events-none fixed inset-x-3 bottom-28 z-[60] flex flex-col items-center gap-2 sm:right-6 sm:left-auto sm:items-end">
        {toasts.map((toast) => {
          const Icon = ICONS[toast.tone];
          return (
            <div
              key={toast.id}
              role={toast.tone === 'error' ? 'alert' : 'status'}
              data-testid="toast"
              className="pointer-events-auto flex w-full max-w-sm items-center gap-2.5 rounded-xl border border-border bg-surface-raised px-3.5 py-3 text-sm font-medium shadow-pop data-[state=open]:animate-zoom-in"
              data-state="open"
            >
              <Icon className={cn('size-4 shrink-0', TONES[toast.tone])} aria-hidden />
              <span className="min-w-0 flex-1">{toast.message}</span>
              <button
                type="button"
                onClick={() => dismiss(toast.id)}
                className="flex size-6 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
                aria-label={t('common.dismiss')}
              >
                <X className="size-3.5" aria-hidden />
              </button>
            </div>
          );
        })}
      </div>
    </ToastContext.Provider>
  );
}

/** Shows a toast; outside a provider (isolated component tests) it does nothing. */
export function useToast(): ToastApi {
  return useContext(ToastContext) ?? NOOP_TOASTS;
}

const NOOP_TOASTS: ToastApi = { show: () => {} };
