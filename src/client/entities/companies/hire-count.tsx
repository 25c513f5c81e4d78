import Handshake from 'lucide-react/icons/handshake';
import { cn } from '@/client/components/ui/cn';
import { formatNumber } from '@/client/lib/format';
import { useT } from '@/client/lib/i18n';

/**
 * "3 hires on LocalPros" (the product counts them, never the owner); null for none. In the page's
 * language (`t` is the screen's).
 */
export function hireCountText(count: number, t: ReturnType<typeof useT>): string | null {
  if (count <= 0) return null;
  return t('companies.hireCount.text', { count, hires: formatNumber(count) });
}

/** The hire count line of a company's card and page; nothing while it has none, so a new pro is not marked down. */
export function HireCount({ count, className }: { count: number; className?: string }) {
  const t = useT();
  const text = hireCountText(count, t);
  if (!text) return null;
  return (
    <p className={cn('flex items-center gap-1.5 text-xs text-slate-700', className)}>
      <Handshake className="size-3.5 shrink-0 text-slate-500" aria-hidden />
      {text}
    </p>
  );
}
