import { Check, Copy, Terminal } from 'lucide-react';
import { useTranslation } from '../../../lib/translator.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { useCopyToClipboard } from '../../../lib/use-copy-to-clipboard.ts';
import { apiExamples, type ApiExamples } from './api-examples.ts';

const LANGUAGES: ReadonlyArray<{ id: keyof ApiExamples; label: string }> = [
  { id: 'curl', label: 'curl' },
  { id: 'python', label: 'Python' },
  { id: 'javascript', label: 'JavaScript' },
];

/** Working examples against this very server (its own origin), with the new key filled in when there is one. */
export function CodeExamples({ apiKey }: { apiKey?: string }) {
  const { t } = useTranslation();
  const { copied, copy } = useCopyToClipboard();
  const examples = apiExamples(window.location.origin, apiKey);
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Terminal className="size-4 text-primary" aria-hidden />
          {t('api.exampleTitle')}
        </CardTitle>
        <CardDescription>{t('api.exampleDescription')}</CardDescription>
      </CardHeader>
      <CardContent>
        <Tabs defaultValue="curl">
          <TabsList aria-label={t('api.exampleLanguage')}>
            {LANGUAGES.map((language) => (
              <TabsTrigger key={language.id} value={language.id}>
                {language.label}
              </TabsTrigger>
            ))}
          </TabsList>
          {LANGUAGES.map((language) => (
            <TabsContent key={language.id} value={language.id} className="relative mt-3">
              {/* Focusable and named, so keyboard users can scroll the wide example (WCAG 2.1.1). */}
              <pre
                className="overflow-x-auto rounded-xl bg-[#0f0f17] p-4 pr-12 text-xs leading-relaxed text-violet-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                tabIndex={0}
                role="region"
                aria-label={t('api.exampleRegion', { language: language.label })}
                data-testid={`example-${language.id}`}
              >
                <code>{examples[language.id]}</code>
              </pre>
              <Button
                variant="ghost"
                size="icon"
                className="absolute top-2 right-2 bg-[#0f0f17] text-violet-100 shadow-[-8px_0_8px_#0f0f17] hover:bg-[#252535] hover:text-white"
                aria-label={t('api.copyExample')}
                onClick={() => void copy(examples[language.id])}
              >
                {copied === examples[language.id] ? <Check aria-hidden /> : <Copy aria-hidden />}
              </Button>
            </TabsContent>
          ))}
        </Tabs>
      </CardContent>
    </Card>
  );
}
