import { FallbackImage } from '@/client/components/fallback-image';
import { cn } from '@/client/components/ui/cn';
import type { Company } from '@/shared/schemas/company';

export interface CompanyLogoProps {
  company: Pick<Company, 'name' | 'logoUrl'>;
  /** Square size in pixels. */
  size?: number;
  className?: string;
}

/** The company's logo. Decorative (alt="") because the name is always shown beside it. */
export function CompanyLogo({ company, size = 48, className }: CompanyLogoProps) {
  return (
    <FallbackImage
      src={company.logoUrl}
      alt=""
      width={size}
      height={size}
      style={{ width: size, height: size }}
      className={cn('shrink-0 rounded-md border border-slate-200 bg-white object-contain', className)}
      fallbackClassName="p-1"
    />
  );
}
