import Clock from 'lucide-react/icons/clock';
import { cn } from '@/client/components/ui/cn';
import { useT } from '@/client/lib/i18n';

/**
 * "Usually replies within N hours" from the median minutes to a first reply (null: not enough
 * replies), in the page's language (`t` is the screen's).
 */
export function replyTimeText(minutes: number | null, t: ReturnType<typeof useT>): string | null {
  if (minutes === null) return null;
  if (minutes <= 60) return t('companies.replyTime.withinAnHour');
  const hours = Math.ceil(minutes / 60);
  if (hours < 48) return t('companies.replyTime.withinHours', { hours });
  return t('companies.replyTime.withinDays', { days: Math.ceil(hours / 24) });
}

export function ReplyTime({ minutes, className }: { minutes: number | null; className?: string }) {
  const t = useT();
  const text = replyTimeText(minutes, t);
  if (!text) return null;
  return (
    <p className={cn('flex items-center gap-1.5 text-xs text-slate-700', className)}>
      <Clock className="size-3.5 text-slate-500" aria-hidden />
      {text}
    </p>
  );
}
