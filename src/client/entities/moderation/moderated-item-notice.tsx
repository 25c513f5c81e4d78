/**
 * The author's view of an item a moderator hid or removed: the decision and its reason, and for a
 * hidden item the one appeal (a text sent back to the moderators). Shows nothing for an item that
 * is not the caller's or not moderated.
 */
import { ShieldAlert } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/client/components/ui/button';
import { cn } from '@/client/components/ui/cn';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/client/components/ui/dialog';
import { Textarea } from '@/client/components/ui/textarea';
import { errorMessage } from '@/client/lib/api';
import { APPEAL_TEXT_MAX, AppealBodySchema, type ModeratedItem, type ModerationItemType } from '@/shared/schemas/moderation';
import { useAppeal, useMyModeratedItems } from './moderation-api';

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
  const [appealing, setAppealing] = useState(false);
  const hidden = item.decision === 'hide';
  const state =
    item.status === 'appealed'
      ? 'Your appeal is waiting for a moderator.'
      : item.status === 'open'
        ? 'Your change is waiting for a moderator.'
        : item.appealText !== null
          ? 'The decision after your appeal is final.'
          : null;
  return (
    <div role="note" className={cn('rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950', className)}>
      <p className="flex items-center gap-1.5 font-semibold">
        <ShieldAlert className="size-4" aria-hidden />
        {hidden ? 'Hidden by a moderator' : 'Removed by a moderator'}: {item.itemLabel}
      </p>
      <p className="mt-1">Reason: {item.reason}</p>
      {hidden && <p className="mt-1">Only you can see it; others do not.</p>}
      {state && <p className="mt-1">{state}</p>}
      {item.canAppeal && (
        <Button type="button" size="sm" variant="outline" className="mt-2 bg-white" onClick={() => setAppealing(true)}>
          Appeal
        </Button>
      )}
      {appealing && <AppealDialog item={item} onClose={() => setAppealing(false)} />}
    </div>
  );
}

function AppealDialog({ item, onClose }: { item: ModeratedItem; onClose(): void }) {
  const uid = useId();
  const appeal = useAppeal();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async () => {
    const parsed = AppealBodySchema.safeParse({ text });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Say why the decision should change');
      return;
    }
    try {
      await appeal.mutateAsync({ caseId: item.caseId, ...parsed.data });
      onClose();
    } catch (error) {
      setProblem(errorMessage(error, 'The appeal could not be sent. Please try again.'));
    }
  };

  return (
    <Dialog open onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Appeal the decision</DialogTitle>
          <DialogDescription>
            You can appeal once. A moderator reads your words and decides again; that decision is final.
          </DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="grid gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <label htmlFor={`${uid}-text`} className="text-sm font-medium text-slate-900">
            Why should it be shown again?
          </label>
          <Textarea
            id={`${uid}-text`}
            value={text}
            maxLength={APPEAL_TEXT_MAX}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${uid}-problem` : undefined}
            onChange={(event) => {
              setText(event.target.value);
              setProblem(null);
            }}
          />
          {problem && (
            <p id={`${uid}-problem`} role="alert" className="text-sm text-red-700">
              {problem}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={appeal.isPending}>
              {appeal.isPending ? 'Sending…' : 'Send appeal'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
