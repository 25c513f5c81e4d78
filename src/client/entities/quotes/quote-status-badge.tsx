import { Badge, type BadgeVariant } from '@/client/components/ui/badge';
import { useT, type MessageKey } from '@/client/lib/i18n';
import type { QuoteStatus } from '@/shared/schemas/quote';

/** The customer's words for a status: submitted and in progress are both In Progress. */
export const QUOTE_STATUS_LABELS: Record<QuoteStatus, MessageKey> = {
  draft: 'quotes.status.draft',
  submitted: 'quotes.status.inProgress',
  in_progress: 'quotes.status.inProgress',
  completed: 'quotes.status.completed',
};

const VARIANTS: Record<QuoteStatus, BadgeVariant> = {
  draft: 'secondary',
  submitted: 'warning',
  in_progress: 'warning',
  completed: 'success',
};

export function QuoteStatusBadge({ status }: { status: QuoteStatus }) {
  const t = useT();
  return <Badge variant={VARIANTS[status]}>{t(QUOTE_STATUS_LABELS[status])}</Badge>;
}
