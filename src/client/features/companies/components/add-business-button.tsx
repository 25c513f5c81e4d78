import Plus from 'lucide-react/icons/plus';
import { useId } from 'react';
import { ResendVerificationButton } from '@/client/components/resend-verification-button';
import { Button } from '@/client/components/ui/button';
import { cn } from '@/client/components/ui/cn';
import { useBusinessDialog } from '@/client/lib/business-dialog-state';
import { useT } from '@/client/lib/i18n';
import type { User } from '@/shared/schemas/user';
import { preloadBusinessDialog } from './business-dialogs';

/** Add Business, disabled with the prompt to verify for an unverified user (the server refuses them a business). */
export function AddBusinessButton({
  user,
  className,
  label,
}: {
  user: User;
  className?: string;
  /** "Add Business" without one. */
  label?: string;
}) {
  const t = useT();
  const { openAddBusiness } = useBusinessDialog();
  const promptId = useId();
  return (
    <div className={cn('flex flex-col items-start gap-2', className)}>
      <Button
        onClick={openAddBusiness}
        onPointerEnter={preloadBusinessDialog}
        onFocus={preloadBusinessDialog}
        disabled={!user.isVerified}
        aria-describedby={user.isVerified ? undefined : promptId}
      >
        <Plus aria-hidden />
        {label ?? t('companies.addBusiness.label')}
      </Button>
      {!user.isVerified && (
        <>
          <p id={promptId} className="text-sm text-amber-900">
            {t('companies.verifyToAddBusiness')}
          </p>
          {/* The first link may be lost or expired: a new one is a click away. */}
          <ResendVerificationButton />
        </>
      )}
    </div>
  );
}
