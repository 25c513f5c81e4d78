import { cn } from '@/client/components/ui/cn';
import { useT, type MessageKey } from '@/client/lib/i18n';
import { useConnectionState, type ConnectionState } from '@/client/lib/realtime';

const LOOKS: Record<ConnectionState, { label: MessageKey; className: string; dot: string }> = {
  connected: { label: 'common.connection.live', className: 'border-green-300 bg-green-50 text-green-800', dot: 'bg-green-600' },
  connecting: {
    label: 'common.connection.connecting',
    className: 'border-amber-300 bg-amber-50 text-amber-900',
    dot: 'bg-amber-500',
  },
  closed: { label: 'common.connection.offline', className: 'border-slate-300 bg-slate-50 text-slate-700', dot: 'bg-slate-500' },
  error: { label: 'common.connection.error', className: 'border-red-300 bg-red-50 text-red-800', dot: 'bg-red-600' },
};

/** The live connection's state: Live, Connecting..., Offline, Connection Error. */
export function ConnectionBadge({ className }: { className?: string }) {
  const t = useT();
  const state = useConnectionState();
  const look = LOOKS[state];
  return (
    <span
      role="status"
      data-state={state}
      className={cn(
        'inline-flex w-fit items-center gap-1.5 whitespace-nowrap rounded-full border px-2.5 py-0.5 text-xs font-medium',
        look.className,
        className,
      )}
    >
      <span aria-hidden="true" className={cn('size-2 rounded-full', look.dot, state === 'connecting' && 'animate-pulse')} />
      {t(look.label)}
    </span>
  );
}
