import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/translator.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { BillingSection } from '../../billing/index.ts';
import { LanguageChoice } from '../../language/index.ts';
import { ThemeChoice } from '../../theme/index.ts';
import { ChangePasswordForm } from './ChangePasswordForm.tsx';
import { ProfileForm } from './ProfileForm.tsx';

function SettingsSection({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

export function SettingsPage() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <PageHeader title={t('settings.title')} description={t('settings.subtitle')} />
      <SettingsSection title={t('settings.profile.title')} description={t('settings.profile.description')}>
        <ProfileForm />
      </SettingsSection>
      <SettingsSection title={t('settings.password.title')} description={t('settings.password.description')}>
        <ChangePasswordForm />
      </SettingsSection>
      <SettingsSection title={t('billing.section.title')} description={t('billing.section.description')}>
        <BillingSection />
      </SettingsSection>
      <SettingsSection title={t('settings.appearance.title')} description={t('settings.appearance.description')}>
        <ThemeChoice />
      </SettingsSection>
      <SettingsSection title={t('settings.language.title')} description={t('settings.language.description')}>
        <LanguageChoice />
      </SettingsSection>
    </div>
  );
}
