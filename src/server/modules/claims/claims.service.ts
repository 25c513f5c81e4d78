/**
 * Claims: a quote submitted to a listing nobody owns creates one claim
 * per such company, with an unguessable id that the listing's contact receives as a link. Whoever
 * redeems it (signed in) becomes the owner, once; the launch credits come with a first company.
 */
import { randomBytes } from 'node:crypto';
import { isClaimOpen } from '@/server/access/claim.policy';
import type { Db, Tx } from '@/server/db/client';
import type { QuoteRecipient } from '@/server/db/rows';
import { AppError, notFound } from '@/server/lib/app-error';
import type { EventBus } from '@/server/platform/events/event-bus';
import type { AdminClaim } from '@/shared/schemas/admin';
import { CLAIM_ID_PATTERN, CLAIM_MESSAGES, type Claim } from '@/shared/schemas/claims';
import type { AuditService } from '../audit/audit.service';
import type { CoinsService } from '../coins/coins.service';
import type { SessionUser } from '../users/users.service';
import {
  deleteClaim,
  findClaimView,
  insertClaims,
  listClaimsForAdmin,
  lockClaim,
  markRedeemed,
  takeOwnership,
} from './claims.repository';

/** 24 random bytes: 192 bits, 32 URL-safe characters. */
export const newClaimId = () => randomBytes(24).toString('base64url');

export class ClaimsService {
  constructor(
    private readonly db: Db,
    private readonly coins: CoinsService,
    private readonly events: EventBus,
    private readonly audit: AuditService,
  ) {}

  /** Inside the submit transaction: a claim for each unowned company of the quote. */
  createForQuote(tx: Tx, quoteId: number, recipients: QuoteRecipient[]): Promise<Map<number, string>> {
    return insertClaims(
      tx,
      recipients
        .filter((recipient) => recipient.ownerId === null)
        .map((recipient) => ({
          id: newClaimId(),
          companyId: recipient.companyId,
          quoteId,
          isMobile: recipient.isMobilePhone,
          phoneNumber: recipient.phone || null,
          emailAddress: recipient.email || null,
        })),
    );
  }

  async get(id: string): Promise<Claim> {
    const row = CLAIM_ID_PATTERN.test(id) ? await findClaimView(this.db, id) : undefined;
    if (!row) throw notFound(CLAIM_MESSAGES.notFound);
    return {
      id: row.id,
      companyId: row.company_id,
      quoteId: row.quote_id,
      isMobile: row.is_mobile,
      createdAt: new Date(row.created_at).toISOString(),
      redeemedAt: row.redeemed_at ? new Date(row.redeemed_at).toISOString() : null,
      company: {
        id: row.company_id,
        name: row.company_name,
        category: row.category_name,
        address: row.address,
        city: row.city,
        state: row.state,
        zip: row.zip,
        phone: row.phone,
        email: row.email,
      },
      quote: {
        id: row.quote_id,
        quoteName: row.quote_name,
        status: row.quote_status,
        description: row.description,
        createdAt: new Date(row.quote_created_at).toISOString(),
      },
    };
  }

  async redeem(actor: SessionUser, id: string): Promise<{ quoteId: number; companyId: number }> {
    if (!CLAIM_ID_PATTERN.test(id)) throw notFound(CLAIM_MESSAGES.notFound);
    const { claim, launchCredit } = await this.db.transaction(async (tx) => {
      const claim = await lockClaim(tx, id);
      if (!claim) throw notFound(CLAIM_MESSAGES.notFound);
      if (!isClaimOpen(claim)) throw new AppError('CLAIM_ALREADY_REDEEMED', CLAIM_MESSAGES.alreadyRedeemed);
      if (!(await takeOwnership(tx, claim.company_id, actor.id)))
        throw new AppError('CLAIM_OWNED_BY_ANOTHER', CLAIM_MESSAGES.ownedByAnother);
      await markRedeemed(tx, id, actor.id);
      const launchCredit = await this.coins.grantLaunchCredit(tx, actor.id, claim.company_id);
      return { claim, launchCredit };
    });
    if (launchCredit > 0) {
      await this.events.publish([actor.id], 'coin_balance_update', { newBalance: await this.coins.getBalance(actor.id) });
    }
    return { quoteId: claim.quote_id, companyId: claim.company_id };
  }

  // ───────────── the admin screen ─────────────

  async listForAdmin(query: {
    page: number;
    limit: number;
    search?: string;
    status?: 'pending' | 'redeemed';
  }): Promise<{ claims: AdminClaim[]; total: number; counts: { pending: number; redeemed: number; total: number } }> {
    const { rows, pending, redeemed, total } = await listClaimsForAdmin(
      this.db,
      query.limit,
      (query.page - 1) * query.limit,
      query.search,
      query.status,
    );
    return {
      claims: rows.map((row) => ({
        id: row.id,
        companyId: row.company_id,
        quoteId: row.quote_id,
        company:
          row.company_name === null
            ? null
            : { name: row.company_name, category: row.category ?? '', city: row.city ?? '', state: row.state ?? '' },
        quote:
          row.quote_name === null || row.quote_status === null ? null : { quoteName: row.quote_name, status: row.quote_status },
        isMobile: row.is_mobile,
        phoneNumber: row.phone_number,
        emailAddress: row.email_address,
        createdAt: new Date(row.created_at).toISOString(),
        redeemedAt: row.redeemed_at === null ? null : new Date(row.redeemed_at).toISOString(),
      })),
      total,
      counts: { pending, redeemed, total: pending + redeemed },
    };
  }

  /** An administrator's delete, with its audit entry in the same transaction. */
  async deleteByAdmin(actor: SessionUser, claimId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const before = await deleteClaim(tx, claimId);
      if (!before) throw notFound('Claim not found');
      await this.audit.record(tx, {
        actorUserId: actor.id,
        action: 'claim.delete',
        entityType: 'claim',
        entityId: claimId,
        before: {
          companyId: before.companyId,
          quoteId: before.quoteId,
          emailAddress: before.emailAddress,
          phoneNumber: before.phoneNumber,
          redeemedAt: before.redeemedAt,
        },
      });
    });
  }
}
