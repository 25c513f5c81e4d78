/** The draft page's sidebar: the selected companies and a status panel. */
import { FallbackImage } from '@/client/components/fallback-image';
import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card';
import { formatDate } from '@/client/lib/format';
import { leftOutMessage, type Quote } from '@/shared/schemas/quote';
import { useSubcategoryName } from '@/client/entities/categories/use-subcategory-name';
import { objectUrlOf } from '@/shared/schemas/upload';
import { QuoteStatusBadge } from '@/client/entities/quotes/quote-status-badge';

type QuoteCompany = Quote['companies'][number];

const logoOf = (company: QuoteCompany) => (company.logoObjectId ? objectUrlOf(company.logoObjectId) : company.logo);

/**
 * `quote`'s companies; on a draft, a company that sending would leave out says why under its name
 * (paused, outside its service area, not its service), before the customer sends.
 */
export function QuoteCompaniesPanel({ quote }: { quote: Quote }) {
  const { companies } = quote;
  const service = useSubcategoryName(quote.categoryId, quote.subcategoryId);
  const leftOut = companies.filter((company) => company.leftOut !== null).length;
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle as="h2" className="text-base">
          Selected Companies ({companies.length})
        </CardTitle>
      </CardHeader>
      <CardContent>
        {companies.length === 0 ? (
          <p className="text-sm text-slate-700">No companies selected.</p>
        ) : (
          <ul className="flex flex-col gap-3" aria-label="Selected companies">
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
                      {leftOutMessage(company.leftOut, { zip: quote.zip, service })}: it will not get this request
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
              ? 'None of these companies would get this request: change the ZIP code or service, or choose other companies.'
              : `${leftOut} of ${companies.length} companies would not get this request; the others will.`}
          </p>
        )}
      </CardContent>
    </Card>
  );
}

export function QuoteStatusPanel({ quote }: { quote: Quote }) {
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle as="h2" className="text-base">
          Quote Status
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-2 text-sm text-slate-800">
        <div className="flex items-center justify-between gap-2">
          <span>Status</span>
          <QuoteStatusBadge status={quote.status} />
        </div>
        <div className="flex items-center justify-between gap-2">
          <span>Created</span>
          <span>{formatDate(quote.createdAt)}</span>
        </div>
        <div className="flex items-center justify-between gap-2">
          <span>Companies</span>
          <span>{quote.companyCount}</span>
        </div>
        {quote.status === 'draft' && (
          <p className="mt-2 text-xs text-slate-700">
            Save your draft at any time. Submit it when the description has at least 100 characters; the companies then receive it
            and you can message them here.
          </p>
        )}
      </CardContent>
    </Card>
  );
}
