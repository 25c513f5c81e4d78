import { MapPin } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { MAP_ZOOM } from '@/shared/constants';
import type { Company } from '@/shared/schemas/company';
import { fullAddress } from '../lib/company-contact';

/** The embedded map is only mounted once it scrolls near the viewport (a heavy third-party frame). */
export function CompanyMap({ company }: { company: Company }) {
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
