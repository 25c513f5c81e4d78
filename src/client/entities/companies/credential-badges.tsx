import { ShieldCheck } from 'lucide-react';
import { cn } from '@/client/components/ui/cn';
import { credentialBadgeLabel } from '@/shared/credential-badges';
import type { CredentialBadge } from '@/shared/schemas/credentials';

/** A company's verified, unexpired credentials: "Licence verified · expires 2027-06". */
export function CredentialBadges({ badges, className }: { badges: CredentialBadge[] | undefined; className?: string }) {
  if (!badges?.length) return null;
  return (
    <ul aria-label="Verified credentials" className={cn('flex flex-wrap gap-1.5', className)}>
      {badges.map((badge) => (
        <li
          key={badge.id}
          className="inline-flex items-center gap-1 rounded-full border border-green-200 bg-green-50 px-2 py-0.5 text-xs font-medium text-green-900"
        >
          <ShieldCheck className="size-3.5 text-green-700" aria-hidden />
          {credentialBadgeLabel(badge)}
        </li>
      ))}
    </ul>
  );
}
