import { useFormatters, useLanguage } from '../../../lib/i18n.ts';
import { useTranslation } from '../../../lib/translator.ts';
import { privacyPolicy } from '../content/privacy.ts';
import { termsOfService } from '../content/terms.ts';
import type { LegalDocumentKind } from './legal-kind.ts';

const DOCUMENTS = { terms: termsOfService, privacy: privacyPolicy } as const;

/** The full text of a legal document in the interface language (loaded on demand: it is long). */
export default function LegalDocumentView({ kind }: { kind: LegalDocumentKind }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { date } = useFormatters();
  const document = DOCUMENTS[kind][language];
  return (
    <article className="flex flex-col gap-6 text-sm leading-relaxed">
      <p className="text-xs text-muted-foreground">{t('legal.lastUpdated', { date: date(`${document.lastUpdated}T12:00:00`) })}</p>
      {document.sections.map((section) => (
        <section key={section.heading} className="flex flex-col gap-2">
          <h3 className="text-[15px] font-semibold text-foreground">{section.heading}</h3>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph} className="text-muted-foreground">
              {paragraph}
            </p>
          ))}
        </section>
      ))}
    </article>
  );
}
