import type { LucideIcon } from 'lucide-react';
import Globe from 'lucide-react/icons/globe';
import Mail from 'lucide-react/icons/mail';
import MapPin from 'lucide-react/icons/map-pin';
import Navigation from 'lucide-react/icons/navigation';
import Phone from 'lucide-react/icons/phone';
import type { ReactNode } from 'react';
import { useT } from '@/client/lib/i18n';
import { useHydrating } from '@/client/lib/use-hydrating';
import { buttonVariants } from '@/client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card';
import { cn } from '@/client/components/ui/cn';
import type { Company } from '@/shared/schemas/company';
import { directionsUrl, fullAddress, isAppleMobile, websiteHref, websiteLabel } from '../lib/company-contact';
import { companyDetailLinkClass as linkClass } from './company-detail-link';
import { CompanyMap } from './company-map';

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

/** The company page's contact card: phone, e-mail, website, address, directions and the map. */
export function CompanyContactCard({ company }: { company: Company }) {
  const t = useT();
  const address = fullAddress(company);
  // The page is rendered on the server, which cannot know the device: the Google Maps link there,
  // and Apple Maps once the page runs on an iPhone or iPad.
  const appleMobile = !useHydrating() && isAppleMobile();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('companies.contact.title')}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="grid gap-3">
          {company.phone && (
            <ContactRow icon={Phone} label={t('companies.contact.phone')}>
              {/* E.164 dials from anywhere; a number stored before numbers were checked, as typed. */}
              <a href={`tel:${company.phoneE164 ?? company.phone.replace(/[^\d+]/g, '')}`} className={linkClass}>
                {company.phone}
              </a>
            </ContactRow>
          )}
          {company.email && (
            <ContactRow icon={Mail} label={t('companies.contact.email')}>
              <a href={`mailto:${company.email}`} className={cn(linkClass, 'break-all')}>
                {company.email}
              </a>
            </ContactRow>
          )}
          {company.website && (
            <ContactRow icon={Globe} label={t('companies.contact.website')}>
              <a
                href={websiteHref(company.website)}
                target="_blank"
                rel="noopener noreferrer"
                className={cn(linkClass, 'break-all')}
              >
                {websiteLabel(company.website)}
                <span className="sr-only"> {t('companies.contact.opensInNewTab')}</span>
              </a>
            </ContactRow>
          )}
          {address && (
            <ContactRow icon={MapPin} label={t('companies.contact.address')}>
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
              href={directionsUrl(address, appleMobile)}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonVariants({ variant: 'outline', className: 'w-full' })}
            >
              <Navigation aria-hidden />
              {t('companies.contact.directions')}
              <span className="sr-only"> {t('companies.contact.opensInNewTab')}</span>
            </a>
            <CompanyMap company={company} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
