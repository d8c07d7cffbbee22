import { FileText } from 'lucide-react';
import { useTranslation } from '../../../lib/translator.ts';
import type { Invoice } from '@sound-studio/shared';
import { Badge } from '../../../components/ui/badge.tsx';
import { useFormatters } from '../../../lib/i18n.ts';
import { useInvoiceDescription } from '../../../lib/plan-name.ts';

const STATUS_TONES = { open: 'warning', paid: 'success', failed: 'danger', refunded: 'neutral', void: 'neutral' } as const;

function InvoiceRow({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation();
  const { currency, date } = useFormatters();
  const describe = useInvoiceDescription();
  return (
    <li data-testid="invoice-row" className="flex items-center gap-3 py-3">
      <FileText className="size-4 shrink-0 text-muted-foreground" aria-hidden />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium tabular-nums">{invoice.number}</p>
        <p className="truncate text-xs text-muted-foreground">
          <time dateTime={invoice.createdAt}>{date(invoice.createdAt)}</time>
          <span className="max-sm:hidden"> · {describe(invoice.description)}</span>
        </p>
      </div>
      <div className="flex shrink-0 flex-col items-end gap-1">
        <span className="text-sm font-semibold tabular-nums">{currency(invoice.amountCents / 100)}</span>
        <Badge tone={STATUS_TONES[invoice.status]}>{t(`billing.invoices.status.${invoice.status}`)}</Badge>
      </div>
    </li>
  );
}

/** The account's invoices, newest first as the server sends them. */
export function InvoiceList({ invoices }: { invoices: Invoice[] }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="invoices-title">
      <h3 id="invoices-title" className="text-sm font-semibold">
        {t('billing.invoices.title')}
      </h3>
      {invoices.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">{t('billing.invoices.empty')}</p>
      ) : (
        <ul className="mt-1 divide-y divide-border" aria-labelledby="invoices-title">
          {invoices.map((invoice) => (
            <InvoiceRow key={invoice.id} invoice={invoice} />
          ))}
        </ul>
      )}
    </section>
  );
}
