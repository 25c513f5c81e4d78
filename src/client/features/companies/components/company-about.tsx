import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card';
import type { Company } from '@/shared/schemas/company';
import { useT } from '@/client/lib/i18n';
import { workAreaText } from '../lib/listing-text';

/** Where the company works and, when it narrowed them, the services it takes requests for. */
function WorkArea({ company }: { company: Company }) {
  const t = useT();
  const area = company.workArea;
  const takes = area?.takesSubcategoryIds
    ? company.subcategories.filter((sub) => area.takesSubcategoryIds?.includes(sub.id)).map((sub) => sub.name)
    : [];
  return (
    <div className="mt-5 border-t border-slate-200 pt-4">
      <h3 className="text-sm font-semibold text-slate-900">{t('companies.about.whereItWorks')}</h3>
      <p className="mt-1 break-words text-slate-800">{workAreaText(t, company)}</p>
      {takes.length > 0 && (
        <p className="mt-1 break-words text-slate-800">{t('companies.about.takesRequestsFor', { services: takes.join(', ') })}</p>
      )}
    </div>
  );
}

/** The company page's About section: the description as the owner wrote it, and where it works. */
export function CompanyAbout({ company, className }: { company: Company; className?: string }) {
  const t = useT();
  return (
    <section aria-labelledby="company-about" className={className}>
      <Card>
        <CardHeader>
          <CardTitle id="company-about">{t('companies.about.title')}</CardTitle>
        </CardHeader>
        <CardContent>
          <p className="whitespace-pre-line break-words text-slate-800">
            {company.description || t('companies.about.noDescription')}
          </p>
          <WorkArea company={company} />
        </CardContent>
      </Card>
    </section>
  );
}
