/**
 * The author's view of an item a moderator hid or removed: the decision and its reason, and for a
 * hidden item the one appeal (a text sent back to the moderators). Shows nothing for an item that
 * is not the caller's or not moderated.
 */
import ShieldAlert from 'lucide-react/icons/shield-exclamation-point';
import { useState } from 'react';
import { Button } from '@/client/components/ui/button';
import { cn } from '@/client/components/ui/cn';
import { useT } from '@/client/lib/i18n';
import { onDemand } from '@/client/lib/on-demand';
import { useDemandedModule } from '@/client/lib/use-demanded-module';
import type { ModeratedItem, ModerationItemType } from '@/shared/schemas/moderation';
import { useMyModeratedItems } from './moderation-api';

// Fetched the first time Appeal is pressed (or hovered): no page pays for the dialog before.
const appealDialog = onDemand(() => import('./appeal-dialog'));

/** The notice for one item, looked up among the caller's moderated items. */
export function ModeratedItemNotice({
  itemType,
  itemId,
  companyId,
  className,
}: {
  itemType: ModerationItemType;
  /** The item, or any item of this type about `companyId` (one's own review of a company). */
  itemId?: number;
  companyId?: number;
  className?: string;
}) {
  const items = useMyModeratedItems();
  const item = items.data?.find(
    (i) =>
      i.itemType === itemType &&
      (itemId === undefined || i.itemId === itemId) &&
      (companyId === undefined || i.companyId === companyId),
  );
  if (!item) return null;
  return <ModeratedItemCard item={item} className={className} />;
}

export function ModeratedItemCard({ item, className }: { item: ModeratedItem; className?: string }) {
  const t = useT();
  const [appealing, setAppealing] = useState(false);
  const AppealDialog = useDemandedModule(appealDialog, appealing, () => setAppealing(false))?.default;
  const hidden = item.decision === 'hide';
  const state =
    item.status === 'appealed'
      ? t('moderation.notice.appealWaiting')
      : item.status === 'open'
        ? t('moderation.notice.changeWaiting')
        : item.appealText !== null
          ? t('moderation.notice.appealFinal')
          : null;
  return (
    <div role="note" className={cn('rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950', className)}>
      <p className="flex items-center gap-1.5 font-semibold">
        <ShieldAlert className="size-4" aria-hidden />
        {t(hidden ? 'moderation.notice.hidden' : 'moderation.notice.removed', { item: item.itemLabel })}
      </p>
      <p className="mt-1">{t('moderation.notice.reason', { reason: item.reason })}</p>
      {hidden && <p className="mt-1">{t('moderation.notice.onlyYou')}</p>}
      {state && <p className="mt-1">{state}</p>}
      {item.canAppeal && (
        <Button
          type="button"
          size="sm"
          variant="outline"
          className="mt-2 bg-white"
          onPointerEnter={appealDialog.preload}
          onFocus={appealDialog.preload}
          onClick={() => setAppealing(true)}
        >
          {t('moderation.notice.appeal')}
        </Button>
      )}
      {appealing && AppealDialog && <AppealDialog item={item} onClose={() => setAppealing(false)} />}
    </div>
  );
}
