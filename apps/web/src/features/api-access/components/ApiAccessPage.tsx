import { BookOpen, KeyRound, Terminal } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { ComingSoonNote } from '../../../components/ui/studio.tsx';

const EXAMPLE = `curl -X POST https://your-studio.example/api/voices/generate-tts \\
  -H "Authorization: Bearer $SOUND_STUDIO_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{"text": "Hello from Sound Studio", "voiceId": "radiant-girl"}'`;

export function ApiAccessPage() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-8">
      <PageHeader
        title={t('api.title')}
        description={t('api.description')}
        actions={
          <Button asChild variant="outline">
            <a href="/api/docs" target="_blank" rel="noreferrer">
              <BookOpen aria-hidden />
              {t('api.docs')}
            </a>
          </Button>
        }
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <KeyRound className="size-4 text-primary" aria-hidden />
              {t('api.keysTitle')}
            </CardTitle>
            <CardDescription>{t('api.keysDescription')}</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            <Button disabled className="self-start">
              {t('api.createKey')}
            </Button>
            <ComingSoonNote>{t('api.soon')}</ComingSoonNote>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <Terminal className="size-4 text-primary" aria-hidden />
              {t('api.exampleTitle')}
            </CardTitle>
            <CardDescription>{t('api.exampleDescription')}</CardDescription>
          </CardHeader>
          <CardContent>
            <pre className="overflow-x-auto rounded-xl bg-[#0f0f17] p-4 text-xs leading-relaxed text-violet-100">
              <code>{EXAMPLE}</code>
            </pre>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
