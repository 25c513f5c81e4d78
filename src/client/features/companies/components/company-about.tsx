import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card';
import type { Company } from '@/shared/schemas/company';
import { workAreaText } from '@/shared/listing-words';

/** Where the company works and, when it narrowed them, the services it takes requests for. */
function WorkArea({ company }: { company: Company }) {
  const area = company.workArea;
  const takes = area?.takesSubcategoryIds
    ? company.subcategories.filter((sub) => area.takesSubcategoryIds?.includes(sub.id)).map((sub) => sub.name)
    : [];
  return (
    <div className="mt-5 border-t border-slate-200 pt-4">
      <h3 className="text-sm font-semibold text-slate-900">Where it works</h3>
      <p className="mt-1 break-words text-slate-800">
        {workAreaText(area?.serviceArea ?? null, company.zip, company.city, company.state)}
      </p>
      {takes.length > 0 && <p className="mt-1 break-words text-slate-800">Takes requests for: {takes.join(', ')}</p>}
    </div>
  );
}

/** The company page's About section: the description as the owner wrote it, and where it works. */
export function CompanyAbout({ company, className }: { company: Company; className?: string }) {
  return (
    <section aria-labelledby="company-about" className={className}>
      <Card>
        <CardHeader>
          <CardTitle id="company-about">About</CardTitle>
        </CardHeader>
        <CardContent>
          <p className="whitespace-pre-line break-words text-slate-800">{company.description || 'No description provided.'}</p>
          <WorkArea company={company} />
        </CardContent>
      </Card>
    </section>
  );
}
