import { PASSWORD_RESET_LINK_LIFETIME_SECONDS, type Language } from '@sound-studio/shared';
import type { MailMessage } from '../mail/mailer.ts';

interface ResetEmailTexts {
  subject: string;
  greeting: (name: string) => string;
  intro: string;
  action: string;
  expiry: (minutes: number) => string;
  ignore: string;
  signature: string;
}

const TEXTS: Record<Language, ResetEmailTexts> = {
  en: {
    subject: 'Reset your Sound Studio password',
    greeting: (name) => `Hello ${name},`,
    intro: 'Someone (hopefully you) asked to reset the password of your Sound Studio account. Open this link to choose a new one:',
    action: 'Choose a new password',
    expiry: (minutes) => `The link works once and expires in ${minutes} minutes. Setting a new password signs you out everywhere.`,
    ignore: 'If you did not ask for this, ignore this email: your password stays as it is.',
    signature: 'Sound Studio',
  },
  tr: {
    subject: 'Sound Studio şifrenizi sıfırlayın',
    greeting: (name) => `Merhaba ${name},`,
    intro: 'Sound Studio hesabınızın şifresini sıfırlama isteği aldık. Yeni bir şifre belirlemek için bu bağlantıyı açın:',
    action: 'Yeni şifre belirle',
    expiry: (minutes) => `Bağlantı yalnızca bir kez çalışır ve ${minutes} dakika sonra geçerliliğini yitirir. Yeni şifre belirlediğinizde tüm oturumlarınız kapanır.`,
    ignore: 'Bu isteği siz yapmadıysanız bu e-postayı yok sayın: şifreniz değişmez.',
    signature: 'Sound Studio',
  },
};

export interface ResetEmailInput {
  to: string;
  name: string;
  url: string;
  language: Language;
}

/** The reset email in the user's language, as plain text and simple HTML. */
export function resetEmail({ to, name, url, language }: ResetEmailInput): MailMessage {
  const texts = TEXTS[language];
  const minutes = PASSWORD_RESET_LINK_LIFETIME_SECONDS / 60;
  const text = [texts.greeting(name), '', texts.intro, url, '', texts.expiry(minutes), texts.ignore, '', texts.signature].join('\n');
  const html = [
    `<p>${escapeHtml(texts.greeting(name))}</p>`,
    `<p>${escapeHtml(texts.intro)}</p>`,
    `<p><a href="${escapeHtml(url)}">${escapeHtml(texts.action)}</a></p>`,
    `<p>${escapeHtml(texts.expiry(minutes))}<br>${escapeHtml(texts.ignore)}</p>`,
    `<p>${escapeHtml(texts.signature)}</p>`,
  ].join('\n');
  return { to, subject: texts.subject, text, html };
}

// Names are user input: they must not become markup in the email.
function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
