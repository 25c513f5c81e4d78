import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card';
import type { Company } from '@/shared/schemas/company';

/** The company page's About section: the description as the owner wrote it. */
export function CompanyAbout({ company, className }: { company: Company; className?: string }) {
  return (
    <section aria-labelledby="company-about" className={className}>
      <Card>
        <CardHeader>
          <CardTitle id="company-about">About</CardTitle>
        </CardHeader>
        <CardContent>
          <p className="whitespace-pre-line break-words text-slate-800">{company.description || 'No description provided.'}</p>
        </CardContent>
      </Card>
    </section>
  );
}
