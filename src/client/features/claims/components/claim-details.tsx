import Building2 from 'lucide-react/icons/building-complex';
import FileText from 'lucide-react/icons/file-text';
import Mail from 'lucide-react/icons/mail';
import MapPin from 'lucide-react/icons/map-pin';
import Phone from 'lucide-react/icons/phone';
import Tag from 'lucide-react/icons/tag';
import UserPlus from 'lucide-react/icons/user-plus';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Skeleton } from '@/client/components/ui/skeleton';
import { QuoteStatusBadge } from '@/client/entities/quotes/quote-status-badge';
import { formatDate } from '@/client/lib/format';
import { useT } from '@/client/lib/i18n';
import type { Claim } from '@/shared/schemas/claims';

function Detail({ icon: Icon, label, children }: { icon: LucideIcon; label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="flex items-center gap-1.5 text-xs font-medium uppercase tracking-wide text-slate-600">
        <Icon className="size-3.5 shrink-0 text-slate-500" aria-hidden /> {label}
      </dt>
      <dd className="break-words ps-5 text-sm text-slate-900">{children}</dd>
    </div>
  );
}

/** The business the claim is for: what the owner will take over. */
export function ClaimBusinessCard({ company }: { company: Claim['company'] }) {
  const t = useT();
  return (
    <Card className="h-full">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Building2 className="size-5 text-blue-700" aria-hidden /> {t('claims.business.title')}
        </CardTitle>
        <CardDescription>{t('claims.business.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-4">
          <Detail icon={Building2} label={t('claims.business.name')}>
            <span className="font-semibold">{company.name}</span>
          </Detail>
          <Detail icon={Tag} label={t('claims.business.category')}>
            {company.category}
          </Detail>
          <Detail icon={MapPin} label={t('claims.business.address')}>
            {company.address}
            <br />
            {company.city}, {company.state} {company.zip}
          </Detail>
          <Detail icon={Phone} label={t('claims.business.phone')}>
            {company.phone}
          </Detail>
          <Detail icon={Mail} label={t('claims.business.email')}>
            {company.email}
          </Detail>
        </dl>
      </CardContent>
    </Card>
  );
}

/** What the customer asked for. */
export function ClaimQuoteCard({ quote }: { quote: Claim['quote'] }) {
  const t = useT();
  return (
    <Card className="h-full">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <FileText className="size-5 text-blue-700" aria-hidden /> {t('claims.quote.title')}
        </CardTitle>
        <CardDescription>{t('claims.quote.received', { date: formatDate(quote.createdAt, 'long') })}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3 className="min-w-0 break-words text-base font-semibold text-slate-900">{quote.quoteName}</h3>
          <QuoteStatusBadge status={quote.status} />
        </div>
        <div>
          <h4 className="text-sm font-semibold text-slate-900">{t('claims.quote.description')}</h4>
          <p className="mt-1 whitespace-pre-wrap break-words text-sm text-slate-700">{quote.description}</p>
        </div>
      </CardContent>
    </Card>
  );
}

/** The way in for a signed-out owner: an account, then the claim redeems itself. */
export function RegisterToReplyPanel({
  companyName,
  onCreateAccount,
  onLogIn,
}: {
  companyName: string;
  onCreateAccount(): void;
  onLogIn(): void;
}) {
  const t = useT();
  return (
    <Card className="border-blue-200 bg-blue-50">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <UserPlus className="size-5 text-blue-700" aria-hidden /> {t('claims.register.title')}
        </CardTitle>
        <CardDescription className="text-slate-700">{t('claims.register.description', { company: companyName })}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-2 sm:flex-row">
        <Button onClick={onCreateAccount}>{t('claims.register.createAccount')}</Button>
        <Button variant="outline" onClick={onLogIn}>
          {t('claims.register.logIn')}
        </Button>
      </CardContent>
    </Card>
  );
}

export function ClaimSkeleton() {
  const t = useT();
  return (
    <div className="mx-auto grid max-w-5xl gap-6 px-4 py-8" aria-busy="true">
      <span role="status" className="sr-only">
        {t('claims.landing.loading')}
      </span>
      <Skeleton className="h-9 w-72 max-w-full" />
      <Skeleton className="h-5 w-96 max-w-full" />
      <div className="grid gap-6 md:grid-cols-2">
        <Skeleton className="h-72" />
        <Skeleton className="h-72" />
      </div>
      <Skeleton className="h-32" />
    </div>
  );
}
