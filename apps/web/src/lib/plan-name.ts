import { useCallback } from 'react';
import { useTranslation } from './translator.ts';
import { DEFAULT_SUBSCRIPTION_LABEL } from '@sound-studio/shared';

const INVOICE_DESCRIPTION = /^(.+) \((monthly|yearly)\)( renewal)?$/;

/**
 * Paid plans carry brand names (Starter, Creator…) in every language; the free plan's name is words, which the server
 * sends in English ("Free Plan"): shown in the interface language.
 */
export function usePlanName(): (name: string) => string {
  const { t } = useTranslation();
  return useCallback((name: string) => (name === DEFAULT_SUBSCRIPTION_LABEL ? t('pricing.freePlanName') : name), [t]);
}

/** The server writes invoice descriptions in English ("Creator (monthly) renewal"): rebuilt in the interface language. */
export function useInvoiceDescription(): (description: string) => string {
  const { t } = useTranslation();
  const planName = usePlanName();
  return useCallback(
    (description: string) => {
      const parts = INVOICE_DESCRIPTION.exec(description);
      if (!parts) return description;
      const [, plan = '', period, renewal] = parts;
      const interval = period === 'yearly' ? 'yearly' : 'monthly';
      const values = { plan: planName(plan) };
      return renewal ? t(`billing.invoices.description.${interval}Renewal`, values) : t(`billing.invoices.description.${interval}`, values);
    },
    [t, planName],
  );
}
