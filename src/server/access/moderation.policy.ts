/**
 * Who may do what with moderation cases:
 * - only the author of a moderated item (the listing's or photo's owner, the reviewer, the
 *   message's sender) may appeal its case: 404 "Case not found", 403 "Only the author of the item
 *   may appeal". Administrators decide through the admin routes (access 'admin'), not here.
 * Reporting is open to anyone signed in; who may report which item depends on the item named in
 * the body, so the moderation service decides it (never one's own, messages only as the other party).
 */
import { forbidden, notFound } from '@/server/lib/app-error';
import type { CaseRow } from '@/server/modules/moderation/moderation.service';
import { definePolicy } from './policy';

const CASE_NOT_FOUND = 'Case not found';

/** What the policy reads. ModerationService answers it. */
export interface ModerationAccessReader {
  findCaseRow(id: number): Promise<CaseRow | undefined>;
}

export function moderationPolicies(moderation: ModerationAccessReader) {
  const caseAuthor = definePolicy<{ id: number }, CaseRow>({
    name: 'moderation.caseAuthor',
    notFoundMessage: CASE_NOT_FOUND,
    async resolve(actor, { id }) {
      const found = await moderation.findCaseRow(id);
      if (!found) throw notFound(CASE_NOT_FOUND);
      if (found.author_user_id !== actor.id) throw forbidden('Only the author of the item may appeal');
      return found;
    },
  });
  return { caseAuthor };
}

export type ModerationPolicies = ReturnType<typeof moderationPolicies>;
