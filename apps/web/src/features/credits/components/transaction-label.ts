import type { TFunction } from '../../../lib/translator.ts';
import type { CreditActivity, CreditTransaction } from '@sound-studio/shared';

type FormatNumber = (value: number) => string;

function activityLabel(t: TFunction, number: FormatNumber, activity: CreditActivity): string {
  switch (activity.kind) {
    case 'speech':
      return t('credits.activity.speech', { characters: number(activity.characters) });
    case 'document':
      return t('credits.activity.document', { characters: number(activity.characters) });
    case 'music':
      return t('credits.activity.music', { seconds: number(activity.seconds) });
    case 'voice_clone':
      return t('credits.activity.voice_clone');
    case 'voice_isolation':
      return t('credits.activity.voice_isolation');
  }
}

/** What a ledger row was, in the reader's language: the work it paid for, or the kind of grant. */
export function transactionLabel(t: TFunction, number: FormatNumber, transaction: CreditTransaction): string {
  const { activity, reason, reference } = transaction;
  if (activity && reason === 'charge') return activityLabel(t, number, activity);
  if (activity && reason === 'hold') return t('credits.activity.held', { what: activityLabel(t, number, activity) });
  if (activity && reason === 'release') return t('credits.activity.returned', { what: activityLabel(t, number, activity) });
  // Monthly grants are keyed by their cause: a new cycle ('cycle:…') or a plan change ('plan-change:…').
  if (reason === 'monthly_grant' && reference?.startsWith('cycle:')) return t('credits.activity.planRenewal');
  if (reason === 'monthly_grant' && reference?.startsWith('plan-change:')) return t('credits.activity.planChange');
  return t(`credits.reasons.${reason}`);
}
