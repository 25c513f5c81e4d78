import { Building2, FileText, Mail, MapPin, Phone, Tag, UserPlus } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Skeleton } from '@/client/components/ui/skeleton';
import { QuoteStatusBadge } from '@/client/entities/quotes/quote-status-badge';
import { formatDate } from '@/client/lib/format';
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
  return (
    <Card className="h-full">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Building2 className="size-5 text-blue-700" aria-hidden /> Business
        </CardTitle>
        <CardDescription>The listing this quote request was sent to.</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-4">
          <Detail icon={Building2} label="Name">
            <span className="font-semibold">{company.name}</span>
          </Detail>
          <Detail icon={Tag} label="Category">
            {company.category}
          </Detail>
          <Detail icon={MapPin} label="Address">
            {company.address}
            <br />
            {company.city}, {company.state} {company.zip}
          </Detail>
          <Detail icon={Phone} label="Phone">
            {company.phone}
          </Detail>
          <Detail icon={Mail} label="Email">
            {company.email}
          </Detail>
        </dl>
      </CardContent>
    </Card>
  );
}

/** What the customer asked for. */
export function ClaimQuoteCard({ quote }: { quote: Claim['quote'] }) {
  return (
    <Card className="h-full">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <FileText className="size-5 text-blue-700" aria-hidden /> Quote Request
        </CardTitle>
        <CardDescription>Received {formatDate(quote.createdAt, 'long')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3 className="min-w-0 break-words text-base font-semibold text-slate-900">{quote.quoteName}</h3>
          <QuoteStatusBadge status={quote.status} />
        </div>
        <div>
          <h4 className="text-sm font-semibold text-slate-900">Description</h4>
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
  return (
    <Card className="border-blue-200 bg-blue-50">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <UserPlus className="size-5 text-blue-700" aria-hidden /> Register to Reply
        </CardTitle>
        <CardDescription className="text-slate-700">
          Create a free account, or log in, to claim {companyName} and reply to this customer.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-2 sm:flex-row">
        <Button onClick={onCreateAccount}>Create Account</Button>
        <Button variant="outline" onClick={onLogIn}>
          I Have an Account
        </Button>
      </CardContent>
    </Card>
  );
}

export function ClaimSkeleton() {
  return (
    <div className="mx-auto grid max-w-5xl gap-6 px-4 py-8" aria-busy="true">
      <span role="status" className="sr-only">
        Loading claim…
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
