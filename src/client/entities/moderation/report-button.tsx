/**
 * "Report" on a listing, a review, a company photo or a message. Signed out, it asks to log in
 * first; signed in, it opens the report dialog (./report-dialog), a chunk fetched the first time
 * a Report button is used, so that no page pays for the dialog and its schemas before interaction;
 * hovering or focusing the button preloads it.
 */
import Flag from 'lucide-react/icons/flag';
import { useState } from 'react';
import { Button } from '@/client/components/ui/button';
import { useAuthDialogs } from '@/client/lib/auth-dialog-state';
import { cn } from '@/client/components/ui/cn';
import { useCurrentUser } from '@/client/lib/current-user';
import { useT } from '@/client/lib/i18n';
import { onDemand } from '@/client/lib/on-demand';
import { useDemandedModule } from '@/client/lib/use-demanded-module';
import type { ModerationItemType } from '@/shared/schemas/moderation';

const reportDialog = onDemand(() => import('./report-dialog'));

interface Props {
  itemType: ModerationItemType;
  itemId: number;
  /** What is reported, for the button's accessible name and the dialog's title ("review by Rita"). */
  label: string;
  className?: string;
  /** A smaller control, for a message or a photo. */
  compact?: boolean;
}

export function ReportButton({ itemType, itemId, label, className, compact = false }: Props) {
  const t = useT();
  const { data: user } = useCurrentUser();
  const { openDialog } = useAuthDialogs();
  const [open, setOpen] = useState(false);
  const ReportDialog = useDemandedModule(reportDialog, open, () => setOpen(false))?.default;
  return (
    <>
      <Button
        type="button"
        variant="ghost"
        size="sm"
        className={cn('text-slate-700', compact && 'h-7 px-1.5 text-xs', className)}
        aria-label={t('moderation.report.reportItem', { item: label })}
        onPointerEnter={reportDialog.preload}
        onFocus={reportDialog.preload}
        onClick={() => (user ? setOpen(true) : openDialog('login'))}
      >
        <Flag className="size-3.5" aria-hidden />
        {t('moderation.report.button')}
      </Button>
      {open && ReportDialog && <ReportDialog itemType={itemType} itemId={itemId} label={label} onClose={() => setOpen(false)} />}
    </>
  );
}
