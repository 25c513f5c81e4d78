/**
 * "Report" on a listing, a review, a company photo or a message. Signed out, it asks to log in
 * first; signed in, it opens the report dialog (./report-dialog), a chunk fetched the first time
 * a Report button is used, so that no page pays for the dialog and its schemas before interaction;
 * hovering or focusing the button preloads it.
 */
import { Flag } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/client/components/ui/button';
import { useAuthDialogs } from '@/client/lib/auth-dialog-state';
import { cn } from '@/client/components/ui/cn';
import { useCurrentUser } from '@/client/lib/current-user';
import { notify } from '@/client/lib/notify';
import { onDemand } from '@/client/lib/on-demand';
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
  const { data: user } = useCurrentUser();
  const { openDialog } = useAuthDialogs();
  const [open, setOpen] = useState(false);
  const module = reportDialog.use();

  useEffect(() => {
    if (!open || module) return;
    reportDialog.load().catch((error: unknown) => {
      console.warn('report dialog unavailable', error);
      setOpen(false);
      notify.error('Could not open the dialog', 'Please check your connection, or reload the page.');
    });
  }, [open, module]);

  const ReportDialog = module?.default;
  return (
    <>
      <Button
        type="button"
        variant="ghost"
        size="sm"
        className={cn('text-slate-700', compact && 'h-7 px-1.5 text-xs', className)}
        aria-label={`Report ${label}`}
        onPointerEnter={reportDialog.preload}
        onFocus={reportDialog.preload}
        onClick={() => (user ? setOpen(true) : openDialog('login'))}
      >
        <Flag className="size-3.5" aria-hidden />
        Report
      </Button>
      {open && ReportDialog && <ReportDialog itemType={itemType} itemId={itemId} label={label} onClose={() => setOpen(false)} />}
    </>
  );
}
