/**
 * The catalogue keys of the moderation words several screens show (a report's reason, a
 * decision): the shared schema keeps the values, these maps the words in the page's language.
 */
import type { MessageKey } from '@/client/lib/i18n';
import type { ModerationDecision, ModerationItemType, ModerationReason } from '@/shared/schemas/moderation';

export const REASON_LABELS: Record<ModerationReason, MessageKey> = {
  fake_or_spam: 'moderation.reason.fakeOrSpam',
  offensive: 'moderation.reason.offensive',
  wrong_information: 'moderation.reason.wrongInformation',
  scam_or_fraud: 'moderation.reason.scamOrFraud',
  other: 'moderation.reason.other',
};

/** The reasons in the order the report dialog offers them. */
export const REASONS = Object.keys(REASON_LABELS) as ModerationReason[];

/** A decision as its outcome: "Kept", "Hidden", "Removed". */
export const DECISION_LABELS: Record<ModerationDecision, MessageKey> = {
  keep: 'moderation.decision.kept',
  hide: 'moderation.decision.hidden',
  remove: 'moderation.decision.removed',
};

export const ITEM_TYPE_LABELS: Record<ModerationItemType, MessageKey> = {
  company: 'moderation.itemType.listing',
  review: 'moderation.itemType.review',
  message: 'moderation.itemType.message',
  photo: 'moderation.itemType.photo',
};
