import ShieldCheck from 'lucide-react/icons/shield-check';
import { cn } from '@/client/components/ui/cn';
import { useT, type MessageKey } from '@/client/lib/i18n';
import type { CredentialBadge, CredentialKind } from '@/shared/schemas/credentials';

const BADGE_TEXT: Record<CredentialKind, MessageKey> = {
  licence: 'companies.credentialBadge.licence',
  insurance: 'companies.credentialBadge.insurance',
};

/** A company's verified, unexpired credentials: "Licence verified · expires 2027-06". */
export function CredentialBadges({ badges, className }: { badges: CredentialBadge[] | undefined; className?: string }) {
  const t = useT();
  if (!badges?.length) return null;
  return (
    <ul aria-label={t('companies.credentialBadge.list')} className={cn('flex flex-wrap gap-1.5', className)}>
      {badges.map((badge) => (
        <li
          key={badge.id}
          className="inline-flex items-center gap-1 rounded-full border border-green-200 bg-green-50 px-2 py-0.5 text-xs font-medium text-green-900"
        >
          <ShieldCheck className="size-3.5 text-green-700" aria-hidden />
          {t(BADGE_TEXT[badge.kind], { month: badge.expiresOn.slice(0, 7) })}
        </li>
      ))}
    </ul>
  );
}
