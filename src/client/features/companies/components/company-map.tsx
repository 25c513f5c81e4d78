import MapPin from 'lucide-react/icons/map-pin';
import { useEffect, useRef, useState } from 'react';
import { useT } from '@/client/lib/i18n';
import { MAP_ZOOM } from '@/shared/constants';
import type { Company } from '@/shared/schemas/company';
import { fullAddress } from '../lib/company-contact';

/**
 * A small image of the map's host, asked for before the map itself: a frame that cannot reach its
 * host shows the browser's broken-page icon, and a page cannot see into a frame from another site
 * to tell. An image can say whether it loaded.
 */
const MAP_HOST_PROBE = 'https://www.google.com/favicon.ico';
const PROBE_TIMEOUT_MS = 8000;

let mapHostReachable: Promise<boolean> | undefined;

/** Asked once per visit: a visitor going from company to company does not probe at every page. */
function probeMapHost(): Promise<boolean> {
  mapHostReachable ??= new Promise((resolve) => {
    const image = new Image();
    const timer = setTimeout(() => resolve(false), PROBE_TIMEOUT_MS);
    image.onload = () => {
      clearTimeout(timer);
      resolve(true);
    };
    image.onerror = () => {
      clearTimeout(timer);
      resolve(false);
    };
    image.src = `${MAP_HOST_PROBE}?${Date.now()}`;
  });
  return mapHostReachable;
}

type MapState = 'waiting' | 'checking' | 'shown' | 'unavailable';

/**
 * The embedded map, mounted once it scrolls near the viewport (a heavy third-party frame) and only
 * when its host can be reached. Where it cannot (no network to it, a blocked host), there is no
 * map box at all: the address and Get directions above it are what the visitor needs.
 */
export function CompanyMap({ company }: { company: Company }) {
  const t = useT();
  const holder = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<MapState>('waiting');

  useEffect(() => {
    const node = holder.current;
    if (!node || state !== 'waiting') return;
    const check = () => {
      setState('checking');
      void probeMapHost().then((reachable) => setState(reachable ? 'shown' : 'unavailable'));
    };
    if (typeof IntersectionObserver === 'undefined') {
      check();
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          check();
        }
      },
      { rootMargin: '200px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [state]);

  if (state === 'unavailable') return null;
  const src = `https://maps.google.com/maps?q=${encodeURIComponent(fullAddress(company))}&z=${MAP_ZOOM}&output=embed`;
  return (
    <div ref={holder} className="h-64 overflow-hidden rounded-md border border-slate-200 bg-slate-100" data-map-state={state}>
      {state === 'shown' ? (
        <iframe
          title={t('companies.map.title', { name: company.name })}
          src={src}
          className="size-full border-0"
          loading="lazy"
          referrerPolicy="no-referrer-when-downgrade"
          allowFullScreen
        />
      ) : (
        <div className="flex size-full items-center justify-center text-sm text-slate-700">
          <MapPin className="me-1.5 size-4" aria-hidden />
          {t(state === 'checking' ? 'companies.map.loading' : 'companies.map.loadsWhenVisible')}
        </div>
      )}
    </div>
  );
}
