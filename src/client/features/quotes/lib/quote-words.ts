/**
 * The customer's words for a request's fixed choices and states, in the page's language: why it
 * was closed, where a company's reply stands, and why a draft would leave a company out.
 */
import type { MessageKey, useT } from '@/client/lib/i18n';
import type { CloseReason, ResponseStatus } from '@/shared/schemas/hires';
import type { QuoteCompanyLeftOut } from '@/shared/schemas/quote';

type Translate = ReturnType<typeof useT>;

/** The reasons a customer closes a request for, in the order the dialog offers them. */
export const CLOSE_REASON_KEYS: Record<CloseReason, MessageKey> = {
  hired_elsewhere: 'quotes.closeReason.hiredElsewhere',
  no_longer_needed: 'quotes.closeReason.noLongerNeeded',
  too_expensive: 'quotes.closeReason.tooExpensive',
  other: 'quotes.closeReason.other',
};

/** Where a company's reply to the request stands. */
export const RESPONSE_STATUS_KEYS: Record<ResponseStatus, MessageKey> = {
  replied: 'quotes.response.replied',
  waiting: 'quotes.response.waiting',
  declined: 'quotes.response.declined',
  closed: 'quotes.response.closed',
};

/** Why a company does not get the request: paused, or not working where the job is or in its service. */
export function leftOutText(reason: QuoteCompanyLeftOut, job: { zip: string | null; service: string | null }, t: Translate) {
  if (reason === 'paused') return t('quotes.leftOut.paused');
  if (reason === 'outside_area')
    return job.zip ? t('quotes.leftOut.outsideZip', { zip: job.zip }) : t('quotes.leftOut.outsideArea');
  return job.service ? t('quotes.leftOut.notService', { service: job.service }) : t('quotes.leftOut.notThisService');
}
