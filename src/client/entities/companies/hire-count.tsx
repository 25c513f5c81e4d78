import { Handshake } from 'lucide-react';
import { cn } from '@/client/components/ui/cn';
import { formatNumber } from '@/client/lib/format';
import { PRODUCT_NAME } from '@/shared/constants';

/** "3 hires on LocalPros" (the product counts them, never the owner); null for none. */
export function hireCountText(count: number): string | null {
  if (count <= 0) return null;
  return `${formatNumber(count)} ${count === 1 ? 'hire' : 'hires'} on ${PRODUCT_NAME}`;
}

/** The hire count line of a company's card and page; nothing while it has none, so a new pro is not marked down. */
export function HireCount({ count, className }: { count: number; className?: string }) {
  const text = hireCountText(count);
  if (!text) return null;
  return (
    <p className={cn('flex items-center gap-1.5 text-xs text-slate-700', className)}>
      <Handshake className="size-3.5 shrink-0 text-slate-500" aria-hidden />
      {text}
    </p>
  );
}
