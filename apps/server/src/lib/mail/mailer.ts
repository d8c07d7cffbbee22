import { createTransport } from 'nodemailer';
import type { MailConfig } from './config.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends email through the configured SMTP relay. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** The SMTP mailer, or null when SMTP_URL is not set (the operator hands out reset links with the admin command). */
export function createMailer(config: MailConfig): Mailer | null {
  if (!config.smtpUrl || !config.from) return null;
  const from = config.from;
  const transport = createTransport(config.smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
    close: () => transport.close(),
  };
}
