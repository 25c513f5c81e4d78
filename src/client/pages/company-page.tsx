import {
  Building2,
  ChevronRight,
  Globe,
  Mail,
  MapPin,
  Navigation,
  Phone,
  Share2,
  Star,
  TriangleAlert,
  type LucideIcon,
} from 'lucide-react';
import { useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { StatusCard } from '@/client/components/status-card';
import { Alert } from '@/client/components/ui/alert';
import { Badge } from '@/client/components/ui/badge';
import { Button, buttonVariants } from '@/client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card';
import { cn } from '@/client/components/ui/cn';
import { Skeleton } from '@/client/components/ui/skeleton';
import { useCompany } from '@/client/entities/companies/get-company';
import { recordCompanyView } from '@/client/features/companies/api/record-company-view';
import { CompanyLogo } from '@/client/features/companies/components/company-logo';
import { CompanyPhotos } from '@/client/features/companies/components/company-photos';
import { ReplyTime } from '@/client/features/companies/components/reply-time';
import { StarRatingDisplay } from '@/client/components/star-rating';
import { useFavorites } from '@/client/features/favorites/hooks/use-favorites';
import { ReviewsSection } from '@/client/features/ratings/components/reviews-section';
import { ApiError } from '@/client/lib/api';
import { notify } from '@/client/lib/notify';
import { usePageTitle } from '@/client/lib/use-page-title';
import { MAP_ZOOM } from '@/shared/constants';
import type { Company } from '@/shared/schemas/company';

const linkClass =
  'rounded-sm text-blue-700 underline-offset-4 hover:text-blue-800 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:ring-offset-2';

const fullAddress = (c: Company) => [c.address, c.city, [c.state, c.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');

/** 000 §2: Apple Maps on mobile Apple devices, Google Maps everywhere else. */
function directionsUrl(address: string): string {
  const destination = encodeURIComponent(address);
  return /iPhone|iPad|iPod/i.test(navigator.userAgent)
    ? `https://maps.apple.com/?daddr=${destination}`
    : `https://www.google.com/maps/dir/?api=1&destination=${destination}`;
}

/** Stored websites may lack a scheme ("example.com"); links need one to leave the app. */
function websiteHref(website: string): string {
  return /^https?:\/\//i.test(website) ? website : `https://${website}`;
}

const websiteLabel = (website: string) => website.replace(/^https?:\/\//i, '').replace(/\/$/, '');

/* ───────────────────────────── breadcrumb ───────────────────────────── */

function Breadcrumb({ company }: { company: Company }) {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const from = searchParams.get('from');

  // Back to the exact results (query, page, sort) when we came from them inside the app.
  const backToResults = (event: MouseEvent<HTMLAnchorElement>) => {
    if (location.key !== 'default') {
      event.preventDefault();
      void navigate(-1);
    }
  };

  const middle =
    from === 'search' ? (
      <Link to="/search" onClick={backToResults} className={linkClass}>
        Search Results
      </Link>
    ) : from === 'profile' || from === 'dashboard' ? (
      <Link to="/profile?tab=companies" className={linkClass}>
        My Companies
      </Link>
    ) : (
      <Link to={`/categories/${company.category}`} className={linkClass}>
        {company.categoryName}
      </Link>
    );

  const separator = <ChevronRight className="size-4 shrink-0 text-slate-600" aria-hidden />;
  return (
    <nav aria-label="Breadcrumb">
      <ol className="flex flex-wrap items-center gap-1.5 text-sm text-slate-700">
        <li>
          <Link to="/" className={linkClass}>
            Home
          </Link>
        </li>
        <li className="flex items-center gap-1.5">
          {separator}
          {middle}
        </li>
        <li className="flex min-w-0 items-center gap-1.5">
          {separator}
          <span aria-current="page" className="truncate font-medium text-slate-900">
            {company.name}
          </span>
        </li>
      </ol>
    </nav>
  );
}

/* ───────────────────────────── header ───────────────────────────── */

function ShareButton({ company }: { company: Company }) {
  const onShare = async () => {
    const url = window.location.href;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: company.name, text: company.description, url });
      } catch (error) {
        // Closing the share sheet rejects with AbortError: nothing to report.
        if (!(error instanceof DOMException && error.name === 'AbortError')) console.warn('share failed', error);
      }
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      notify.success('Link copied!');
    } catch (error) {
      console.warn('clipboard unavailable', error);
      notify.error('Could not copy link', url);
    }
  };
  return (
    <Button variant="outline" onClick={onShare}>
      <Share2 aria-hidden />
      Share
    </Button>
  );
}

function CompanyHeader({ company }: { company: Company }) {
  const { isFavorite, toggle } = useFavorites();
  const favorite = isFavorite(company.id);
  return (
    <header
      className={cn(
        'rounded-lg border bg-white p-4 shadow-sm sm:p-6',
        company.isActive ? 'border-slate-200' : 'border-red-300 bg-red-50',
      )}
    >
      <div className="flex flex-wrap items-start gap-4">
        <CompanyLogo company={company} size={72} className="rounded-lg" />
        <div className="min-w-0 flex-1 basis-52">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="break-words text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{company.name}</h1>
            {!company.isActive && <Badge variant="destructive">Inactive</Badge>}
            {company.isPremium && company.isActive && (
              <Badge variant="warning" className="font-semibold tracking-wide">
                PREMIUM
              </Badge>
            )}
          </div>
          <p className="mt-1 text-sm text-slate-700">{company.categoryName}</p>
          <a
            href="#reviews"
            className="mt-2 inline-flex rounded-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:ring-offset-2"
          >
            <StarRatingDisplay value={company.averageRating} count={company.ratingsCount} />
          </a>
          <ReplyTime minutes={company.replyMedianMinutes} className="mt-2 text-sm" />
          {company.subcategories.length > 0 && (
            <ul className="mt-3 flex flex-wrap gap-1.5" aria-label="Services">
              {company.subcategories.map((sub) => (
                <li key={sub.id}>
                  <Badge variant="secondary">{sub.name}</Badge>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="flex w-full flex-wrap gap-2 sm:w-auto sm:flex-col sm:items-stretch">
          <Button variant="outline" aria-pressed={favorite} onClick={() => void toggle(company.id)}>
            <Star className={cn(favorite ? 'fill-amber-400 text-amber-600' : 'text-slate-700')} aria-hidden />
            {favorite ? 'Remove from Favorites' : 'Add to Favorites'}
          </Button>
          <ShareButton company={company} />
        </div>
      </div>
    </header>
  );
}

/* ───────────────────────────── contact ───────────────────────────── */

/** The embedded map is only mounted once it scrolls near the viewport (a heavy third-party frame). */
function LazyMap({ company }: { company: Company }) {
  const holder = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const node = holder.current;
    if (!node || visible) return;
    if (typeof IntersectionObserver === 'undefined') {
      setVisible(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setVisible(true);
          observer.disconnect();
        }
      },
      { rootMargin: '200px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [visible]);

  const src = `https://maps.google.com/maps?q=${encodeURIComponent(fullAddress(company))}&z=${MAP_ZOOM}&output=embed`;
  return (
    <div ref={holder} className="h-64 overflow-hidden rounded-md border border-slate-200 bg-slate-100">
      {visible ? (
        <iframe
          title={`Map of ${company.name}`}
          src={src}
          className="size-full border-0"
          loading="lazy"
          referrerPolicy="no-referrer-when-downgrade"
          allowFullScreen
        />
      ) : (
        <div className="flex size-full items-center justify-center text-sm text-slate-700">
          <MapPin className="mr-1.5 size-4" aria-hidden />
          Map loads when visible
        </div>
      )}
    </div>
  );
}

function ContactRow({ icon: Icon, label, children }: { icon: LucideIcon; label: string; children: ReactNode }) {
  // dl > div > (dt, dd) is valid HTML; the icon sits in the (otherwise screen-reader-only) term.
  return (
    <div className="flex items-start gap-3">
      <dt className="mt-0.5 shrink-0">
        <Icon className="size-4 text-slate-600" aria-hidden />
        <span className="sr-only">{label}</span>
      </dt>
      <dd className="min-w-0 break-words text-sm text-slate-800">{children}</dd>
    </div>
  );
}

function ContactCard({ company }: { company: Company }) {
  const address = fullAddress(company);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Contact Information</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="grid gap-3">
          {company.phone && (
            <ContactRow icon={Phone} label="Phone">
              <a href={`tel:${company.phone.replace(/[^\d+]/g, '')}`} className={linkClass}>
                {company.phone}
              </a>
            </ContactRow>
          )}
          {company.email && (
            <ContactRow icon={Mail} label="Email">
              <a href={`mailto:${company.email}`} className={cn(linkClass, 'break-all')}>
                {company.email}
              </a>
            </ContactRow>
          )}
          {company.website && (
            <ContactRow icon={Globe} label="Website">
              <a
                href={websiteHref(company.website)}
                target="_blank"
                rel="noopener noreferrer"
                className={cn(linkClass, 'break-all')}
              >
                {websiteLabel(company.website)}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </ContactRow>
          )}
          {address && (
            <ContactRow icon={MapPin} label="Address">
              <span className="block">{company.address}</span>
              <span className="block">
                {company.city}, {company.state} {company.zip}
              </span>
            </ContactRow>
          )}
        </dl>
        {address && (
          <>
            <a
              href={directionsUrl(address)}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonVariants({ variant: 'outline', className: 'w-full' })}
            >
              <Navigation aria-hidden />
              Get directions
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
            <LazyMap company={company} />
          </>
        )}
      </CardContent>
    </Card>
  );
}

/* ───────────────────────────── states ───────────────────────────── */

function CompanyPageSkeleton() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:py-8" aria-busy="true">
      <span role="status" className="sr-only">
        Loading company…
      </span>
      <div aria-hidden="true" className="grid gap-6">
        <Skeleton className="h-4 w-64" />
        <div className="flex gap-4 rounded-lg border border-slate-200 bg-white p-6">
          <Skeleton className="size-18 shrink-0" />
          <div className="grid flex-1 gap-3">
            <Skeleton className="h-8 w-2/3" />
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-5 w-48" />
          </div>
        </div>
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <div className="grid gap-6">
            <Skeleton className="h-40" />
            <Skeleton className="h-72" />
          </div>
          <Skeleton className="h-96" />
        </div>
      </div>
    </div>
  );
}

function CompanyError({ error, onRetry }: { error: unknown; onRetry(): void }) {
  if (error instanceof ApiError && error.status === 404) {
    return (
      <StatusCard
        icon={Building2}
        iconClassName="text-slate-600"
        title="Company Not Found"
        description="The business you are looking for does not exist or has been removed."
      >
        <Link to="/" className={buttonVariants({})}>
          Back to Home
        </Link>
      </StatusCard>
    );
  }
  return (
    <StatusCard
      icon={TriangleAlert}
      iconClassName="text-red-700"
      title="Error loading company"
      description="We could not load this business. Please try again later."
    >
      <Button onClick={onRetry}>Try again</Button>
      <Link to="/" className={buttonVariants({ variant: 'outline' })}>
        Back to Home
      </Link>
    </StatusCard>
  );
}

/* ───────────────────────────── page ───────────────────────────── */

/** /companies/:id (000 §2 "Company detail"); ?from=search|profile|dashboard shapes the breadcrumb. */
export default function CompanyPage() {
  const { id = '' } = useParams();
  const { hash } = useLocation();
  const company = useCompany(id);
  const notFound = company.error instanceof ApiError && company.error.status === 404;
  usePageTitle(company.data?.name ?? (notFound ? 'Company Not Found' : company.isError ? 'Error' : 'Company'));

  // An expected 4xx is shown on screen; the console only gets a warning.
  useEffect(() => {
    if (company.error) console.warn('could not load company', company.error);
  }, [company.error]);

  // The owner's lead log counts page views: once per company per browser session, and only for a
  // company that exists (the beacon's failures are never shown).
  const loadedId = company.data?.id;
  useEffect(() => {
    if (loadedId !== undefined) recordCompanyView(loadedId);
  }, [loadedId]);

  // /companies/1#reviews: the section exists only after the company loads, so scroll then (once).
  const scrolledFor = useRef<string | null>(null);
  const loaded = !!company.data;
  useEffect(() => {
    if (!loaded || hash !== '#reviews' || scrolledFor.current === id) return;
    scrolledFor.current = id;
    requestAnimationFrame(() => document.getElementById('reviews')?.scrollIntoView({ block: 'start' }));
  }, [loaded, hash, id]);

  if (company.isPending) return <CompanyPageSkeleton />;
  if (company.isError) return <CompanyError error={company.error} onRetry={() => void company.refetch()} />;

  const data = company.data;
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:py-8">
      <Breadcrumb company={data} />

      {!data.isActive && (
        <Alert variant="error" role="status" title="Inactive Business" className="mt-4">
          This business is currently inactive and is not accepting new quote requests.
        </Alert>
      )}

      <div className="mt-4">
        <CompanyHeader company={data} />
      </div>

      {/*
        One column on phones in reading order (About, Contact, Photos, Reviews); on desktop the
        contact card moves to a right-hand column spanning the rows of the main column.
      */}
      <div className="mt-6 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:grid-rows-[auto_auto_1fr]">
        <section aria-labelledby="company-about" className="lg:col-start-1">
          <Card>
            <CardHeader>
              <CardTitle id="company-about">About</CardTitle>
            </CardHeader>
            <CardContent>
              <p className="whitespace-pre-line break-words text-slate-800">{data.description || 'No description provided.'}</p>
            </CardContent>
          </Card>
        </section>
        <aside aria-label="Contact" className="lg:col-start-2 lg:row-span-3 lg:row-start-1">
          <ContactCard company={data} />
        </aside>
        <div className="lg:col-start-1">
          <CompanyPhotos companyId={data.id} companyName={data.name} />
        </div>
        <div className="lg:col-start-1">
          <ReviewsSection company={data} />
        </div>
      </div>
    </div>
  );
}
