import { useTranslation } from '../../../lib/translator.ts';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '../../../components/ui/accordion.tsx';
import { useLanguage } from '../../../lib/i18n.ts';
import { pricingFaq } from '../content/faq.ts';

export function PricingFaq() {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <section aria-labelledby="pricing-faq" className="mx-auto w-full max-w-3xl">
      <h2 id="pricing-faq" className="text-center text-xl font-semibold tracking-tight">
        {t('pricing.faqTitle')}
      </h2>
      <Accordion type="single" collapsible className="mt-6 rounded-2xl border border-border bg-surface px-6 shadow-card">
        {pricingFaq[language].map((entry) => (
          <AccordionItem key={entry.question} value={entry.question}>
            <AccordionTrigger>{entry.question}</AccordionTrigger>
            <AccordionContent>{entry.answer}</AccordionContent>
          </AccordionItem>
        ))}
      </Accordion>
    </section>
  );
}
