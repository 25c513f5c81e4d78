import { PRODUCT_NAME } from '@/shared/constants';

/**
 * The header bar alone, as index.html carries it inside #root: the browser paints it with the
 * first bytes of HTML and CSS, and React shows the same markup while the first screen's code
 * loads (the root route's HydrateFallback), so nothing flickers or moves until the real header
 * and page replace it. Keep the two in step, and in step with SiteHeader's outer boxes.
 */
export function AppShell() {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4">
          <a
            href="/"
            className="me-2 flex items-center gap-2 rounded-md font-bold text-slate-900"
            // In English like index.html's copy: this shows while the catalogue is still on its way.
            aria-label={`${PRODUCT_NAME} home`}
          >
            <img src="/logo.svg" alt="" width={32} height={32} className="size-8" />
            <span className="text-lg tracking-tight">{PRODUCT_NAME}</span>
          </a>
        </div>
      </header>
    </div>
  );
}
