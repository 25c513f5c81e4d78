import { Badge, type BadgeVariant } from '@/client/components/ui/badge';
import type { QuoteStatus } from '@/shared/schemas/quote';

/** The customer's words for a status: submitted and in progress are both In Progress. */
export const QUOTE_STATUS_LABELS: Record<QuoteStatus, string> = {
  draft: 'Draft',
  submitted: 'In Progress',
  in_progress: 'In Progress',
  completed: 'Completed',
};

const VARIANTS: Record<QuoteStatus, BadgeVariant> = {
  draft: 'secondary',
  submitted: 'warning',
  in_progress: 'warning',
  completed: 'success',
};

export function QuoteStatusBadge({ status }: { status: QuoteStatus }) {
  return <Badge variant={VARIANTS[status]}>{QUOTE_STATUS_LABELS[status]}</Badge>;
}
