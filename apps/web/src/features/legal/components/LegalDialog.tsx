import { lazy, Suspense } from 'react';
import { useTranslation } from '../../../lib/translator.ts';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import type { LegalDocumentKind } from './legal-kind.ts';

const LegalDocumentView = lazy(() => import('./LegalDocumentView.tsx'));

function DocumentSkeleton() {
  return (
    <div className="flex flex-col gap-3">
      <Skeleton className="h-3 w-32" />
      <Skeleton className="mt-3 h-4 w-48" />
      <Skeleton className="h-3 w-full" />
      <Skeleton className="h-3 w-11/12" />
      <Skeleton className="h-3 w-4/5" />
    </div>
  );
}

/** The terms or privacy modal shown from the registration form and the sidebar footer. */
export function LegalDialog({ kind, onClose }: { kind: LegalDocumentKind | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={kind !== null} onOpenChange={(open) => !open && onClose()}>
      {kind && (
        <DialogContent size="lg" focusableBody title={kind === 'terms' ? t('legal.terms') : t('legal.privacy')}>
          <Suspense fallback={<DocumentSkeleton />}>
            <LegalDocumentView kind={kind} />
          </Suspense>
        </DialogContent>
      )}
    </Dialog>
  );
}
