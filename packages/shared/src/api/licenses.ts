import { z } from 'zod';
import { PLAN_TIERS } from '../constants.ts';

/** What a licence certificate can cover: a finished music track or a kept text-to-speech generation. */
export const LICENSED_WORK_KINDS = ['music', 'speech'] as const;
export type LicensedWorkKind = (typeof LICENSED_WORK_KINDS)[number];

/**
 * A commercial licence certificate for one finished work, issued to its owner while their plan includes
 * `commercialLicense`. The licence id is stable for the work and its holder, so a certificate fetched again names the
 * same licence; `issuedAt` and `planAtIssue` say when and under which plan this copy was issued.
 */
export const workLicenseSchema = z.object({
  licenseId: z.string(),
  issuer: z.literal('Sound Studio'),
  holder: z.object({ name: z.string(), email: z.string() }),
  work: z.object({
    kind: z.enum(LICENSED_WORK_KINDS),
    id: z.string(),
    /** The track's title, or the first words of the spoken text. */
    title: z.string(),
    createdAt: z.string(),
  }),
  planAtIssue: z.enum(PLAN_TIERS),
  terms: z.array(z.string()).min(1),
  issuedAt: z.string(),
});
export type WorkLicense = z.infer<typeof workLicenseSchema>;

/** The terms every certificate states; the first is the one that matters. */
export const COMMERCIAL_LICENSE_TERMS = [
  'Commercial use permitted: the holder may use, publish, distribute and monetise this work, alone or within their own products and productions.',
  'The licence covers this work only and is granted to the holder named on this certificate.',
  'The holder remains responsible for the rights in any text, lyrics or voice sample they supplied to create the work.',
] as const;

/** The first words of a text, cut at a word boundary, as the title of a spoken work. */
export function firstWords(text: string, maxLength = 60): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= maxLength) return flat;
  const cut = flat.slice(0, maxLength);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > maxLength / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}
