export type LegalDocumentKind = 'terms' | 'privacy';
