import { Clock } from 'lucide-react';
import { cn } from '@/client/components/ui/cn';

/** "Usually replies within N hours" from the median minutes to a first reply (null: not enough replies). */
export function replyTimeText(minutes: number | null): string | null {
  if (minutes === null) return null;
  if (minutes <= 60) return 'Usually replies within an hour';
  const hours = Math.ceil(minutes / 60);
  if (hours < 48) return `Usually replies within ${hours} hours`;
  return `Usually replies within ${Math.ceil(hours / 24)} days`;
}

export function ReplyTime({ minutes, className }: { minutes: number | null; className?: string }) {
  const text = replyTimeText(minutes);
  if (!text) return null;
  return (
    <p className={cn('flex items-center gap-1.5 text-xs text-slate-700', className)}>
      <Clock className="size-3.5 text-slate-500" aria-hidden />
      {text}
    </p>
  );
}
