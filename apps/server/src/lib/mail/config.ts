import { z } from 'zod';

export interface MailConfig {
  /** smtp:// or smtps:// address of the mail relay, with credentials; null: no email is sent. */
  smtpUrl: string | null;
  /** The From header of every email, e.g. "Sound Studio <no-reply@example.com>". */
  from: string | null;
  /** The address users open the app at; links in emails start with it. */
  publicUrl: string | null;
}

const schema = z
  .object({
    SMTP_URL: z
      .string()
      .refine((value) => /^smtps?:\/\//.test(value), { message: 'must be a URL starting with smtp:// or smtps://' })
      .optional(),
    MAIL_FROM: z.string().min(3).optional(),
    PUBLIC_URL: z
      .string()
      .refine((value) => /^https?:\/\/[^/]/.test(value) && URL.canParse(value), {
        message: 'must be a URL starting with http:// or https://',
      })
      .optional(),
  })
  .refine((values) => !values.SMTP_URL || Boolean(values.MAIL_FROM), {
    path: ['MAIL_FROM'],
    message: 'is required when SMTP_URL is set',
  })
  // Links in emails must not take their host from the request: a forged Host header would send a user's reset link
  // to someone else's server.
  .refine((values) => !values.SMTP_URL || Boolean(values.PUBLIC_URL), {
    path: ['PUBLIC_URL'],
    message: 'is required when SMTP_URL is set (links in emails start with it)',
  });

/** Reads SMTP_URL, MAIL_FROM and PUBLIC_URL; problems come back as lines for the configuration error. */
export function mailConfigFrom(env: Record<string, string | undefined>): { config: MailConfig } | { problems: string[] } {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    return {
      problems: parsed.error.issues.map((issue) => {
        const variable = String(issue.path[0]);
        // SMTP_URL may carry a password.
        const shown = variable === 'SMTP_URL' ? '' : ` (got "${env[variable] ?? ''}")`;
        return `  ${variable} ${issue.message}${shown}`;
      }),
    };
  }
  const values = parsed.data;
  return {
    config: { smtpUrl: values.SMTP_URL ?? null, from: values.MAIL_FROM ?? null, publicUrl: values.PUBLIC_URL ?? null },
  };
}
