import { formatNumber } from '@/client/lib/format';
import type { useT } from '@/client/lib/i18n';
import { LEAD_LOG_DAYS, type LeadLog } from '@/shared/schemas/business';

/**
 * What a hire cost: the period's coins over its hires, to a tenth of a coin ("Cost per hire: 12.5
 * coins"), in the page's language (`t` is the screen's).
 */
export function costPerHireText(t: ReturnType<typeof useT>, log: Pick<LeadLog, 'costPerHire'>): string {
  if (log.costPerHire === null) return t('companies.leadLog.noHires', { days: LEAD_LOG_DAYS });
  const coins = Math.round(log.costPerHire * 10) / 10;
  return t('companies.leadLog.costPerHire', { count: coins, coins: formatNumber(coins) });
}
