import { formatNumber } from '@/client/lib/format';
import { LEAD_LOG_DAYS, type LeadLog } from '@/shared/schemas/business';

/** What a hire cost: the period's coins over its hires, to a tenth of a coin ("Cost per hire: 12.5 coins"). */
export function costPerHireText(log: Pick<LeadLog, 'costPerHire'>): string {
  if (log.costPerHire === null) return `No hires in the last ${LEAD_LOG_DAYS} days`;
  const coins = Math.round(log.costPerHire * 10) / 10;
  return `Cost per hire: ${formatNumber(coins)} ${coins === 1 ? 'coin' : 'coins'}`;
}
