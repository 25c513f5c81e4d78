/** The draft page's sidebar: the selected companies and a status panel. */
import { FallbackImage } from '@/client/components/fallback-image';
import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card';
import { formatDate } from '@/client/lib/format';
import { useT } from '@/client/lib/i18n';
import type { Quote } from '@/shared/schemas/quote';
import { useSubcategoryName } from '@/client/entities/categories/use-subcategory-name';
import { objectUrlOf } from '@/shared/schemas/upload';
import { QuoteStatusBadge } from '@/client/entities/quotes/quote-status-badge';
import { leftOutText } from '../lib/quote-words';

type QuoteCompany = Quote['companies'][number];

const logoOf = (company: QuoteCompany) => (company.logoObjectId ? objectUrlOf(company.logoObjectId) : company.logo);

/**
 * `quote`'s companies; on a draft, a company that sending would leave out says why under its name
 * (paused, outside its service area, not its service), before the customer sends.
 */
export function QuoteCompaniesPanel({ quote }: { quote: Quote }) {
  const t = useT();
  const { companies } = quote;
  const service = useSubcategoryName(quote.categoryId, quote.subcategoryId);
  const leftOut = companies.filter((company) => company.leftOut !== null).length;
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle as="h2" className="text-base">
          {t('quotes.companiesPanel.title', { count: companies.length })}
        </CardTitle>
      </CardHeader>
      <CardContent>
        {companies.length === 0 ? (
          <p className="text-sm text-slate-700">{t('quotes.companiesPanel.none')}</p>
        ) : (
          <ul className="flex flex-col gap-3" aria-label={t('quotes.companiesPanel.listLabel')}>
            {companies.map((company) => (
              <li key={company.id} className="flex items-center gap-3">
                <FallbackImage
                  src={logoOf(company)}
                  alt=""
                  width={40}
                  height={40}
                  className="size-10 shrink-0 rounded-md border border-slate-200 bg-white object-contain"
                  fallbackClassName="p-1"
                />
                <span className="flex min-w-0 flex-col">
                  <span className="truncate font-medium text-slate-900">{company.name}</span>
                  <span className="truncate text-xs text-slate-700">
                    {[company.city, company.state].filter(Boolean).join(', ')}
                  </span>
                  {company.leftOut && (
                    <span className="text-xs font-medium text-amber-800">
                      {t('quotes.companiesPanel.leftOut', {
                        reason: leftOutText(company.leftOut, { zip: quote.zip, service }, t),
                      })}
                    </span>
                  )}
                </span>
              </li>
            ))}
          </ul>
        )}
        {leftOut > 0 && (
          <p className="mt-3 text-sm text-slate-700" role="note">
            {leftOut === companies.length
              ? t('quotes.companiesPanel.noneWouldGet')
              : t('quotes.companiesPanel.someWouldNotGet', { leftOut, total: companies.length })}
          </p>
        )}
      </CardContent>
    </Card>
  );
}

export function QuoteStatusPanel({ quote }: { quote: Quote }) {
  const t = useT();
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle as="h2" className="text-base">
          {t('quotes.statusPanel.title')}
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-2 text-sm text-slate-800">
        <div className="flex items-center justify-between gap-2">
          <span>{t('quotes.statusPanel.status')}</span>
          <QuoteStatusBadge status={quote.status} />
        </div>
        <div className="flex items-center justify-between gap-2">
          <span>{t('quotes.statusPanel.created')}</span>
          <span>{formatDate(quote.createdAt)}</span>
        </div>
        <div className="flex items-center justify-between gap-2">
          <span>{t('quotes.statusPanel.companies')}</span>
          <span>{quote.companyCount}</span>
        </div>
        {quote.status === 'draft' && <p className="mt-2 text-xs text-slate-700">{t('quotes.statusPanel.draftHint')}</p>}
      </CardContent>
    </Card>
  );
}
