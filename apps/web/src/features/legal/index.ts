export { LegalDialog } from './components/LegalDialog.tsx';
export type { LegalDocumentKind } from './components/legal-kind.ts';
