import type { WorkLicense } from '@sound-studio/shared';

const WORK_KIND_LABELS: Record<WorkLicense['work']['kind'], string> = { music: 'Music track', speech: 'Speech (text to speech)' };

/**
 * The certificate as a plain-text document. It stays in English whatever the interface language: the terms come from
 * the server in English, and a licence is read by third parties (clients, platforms) as much as by its holder.
 */
export function licenseCertificateText(license: WorkLicense): string {
  const lines = [
    `${license.issuer} — Commercial License Certificate`,
    '',
    `License ID:   ${license.licenseId}`,
    `Issued at:    ${license.issuedAt}`,
    `Plan:         ${license.planAtIssue}`,
    '',
    `Holder:       ${license.holder.name} <${license.holder.email}>`,
    '',
    `Work:         ${WORK_KIND_LABELS[license.work.kind]}`,
    `Title:        ${license.work.title}`,
    `Work ID:      ${license.work.id}`,
    `Created at:   ${license.work.createdAt}`,
    '',
    'Terms:',
    ...license.terms.map((term) => `- ${term}`),
    '',
  ];
  return lines.join('\n');
}

export function licenseFileName(license: WorkLicense): string {
  return `sound-studio-license-${license.licenseId}.txt`;
}
