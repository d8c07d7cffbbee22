import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A message as the local SMTP server received it. */
export interface CaughtMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * A real SMTP server on a local port that keeps every message it receives, for tests that read the email the app
 * sent (no mocks: the app talks SMTP to it through nodemailer).
 */
export class MailCatcher {
  readonly messages: CaughtMail[] = [];
  #waiters: { to: string; resolve: (mail: CaughtMail) => void }[] = [];

  readonly #server: SMTPServer;

  private constructor() {
    this.#server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, _session, callback) => {
        simpleParser(stream)
          .then((parsed) => {
            this.receive(caught(parsed));
            callback();
          })
          .catch(callback);
      },
    });
  }

  /** Listens on `port` (the end-to-end run fixes it in the app's SMTP_URL), or on a free one. */
  static async start(port = 0): Promise<MailCatcher> {
    const catcher = new MailCatcher();
    await new Promise<void>((resolve) => catcher.#server.listen(port, '127.0.0.1', resolve));
    return catcher;
  }

  /** SMTP_URL for the app under test. */
  get url(): string {
    const { port } = this.#server.server.address() as AddressInfo;
    return `smtp://127.0.0.1:${port}`;
  }

  /** The next (or an already received, not yet taken) message to `to`. */
  nextMessageTo(to: string): Promise<CaughtMail> {
    const index = this.messages.findIndex((mail) => mail.to.includes(to));
    if (index >= 0) return Promise.resolve(this.messages.splice(index, 1)[0] as CaughtMail);
    return new Promise((resolve) => this.#waiters.push({ to, resolve }));
  }

  receive(mail: CaughtMail): void {
    const waiter = this.#waiters.find((candidate) => mail.to.includes(candidate.to));
    if (!waiter) {
      this.messages.push(mail);
      return;
    }
    this.#waiters = this.#waiters.filter((candidate) => candidate !== waiter);
    waiter.resolve(mail);
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.#server.close(() => resolve()));
  }
}

function caught(parsed: ParsedMail): CaughtMail {
  const recipients = [parsed.to ?? []].flat().flatMap((group) => group.value.map((address) => address.address ?? ''));
  return {
    to: recipients,
    from: parsed.from?.text ?? '',
    subject: parsed.subject ?? '',
    text: parsed.text ?? '',
    html: typeof parsed.html === 'string' ? parsed.html : '',
  };
}

/** The reset link in an email's text. */
export function resetLinkIn(mail: CaughtMail): URL {
  const match = /https?:\/\/\S+reset-password\?token=[\w-]+/.exec(mail.text);
  if (!match) throw new Error(`no reset link in: ${mail.text}`);
  return new URL(match[0]);
}
