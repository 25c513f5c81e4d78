/**
 * Lead preferences: what a company takes leads on. The weekly coin cap: a first reply
 * that would take the week's spend past it is refused before any charge, under a lock on the
 * company's preferences so that racing replies cannot pass it together. The pause: a paused
 * company cannot be put in a new quote and is left out when a draft is submitted, until its
 * return date (cards and quotes read it through `leadPauseSql` in db/lead-preferences-sql.ts).
 * Every change is on the audit log, whoever makes it (the owner, or an administrator for anyone's
 * company).
 */
import type { Db, DbOrTx } from '@/server/db/client';
import { AppError, badRequest } from '@/server/lib/app-error';
import {
  NOT_LISTED_SUBCATEGORY_MESSAGE,
  unknownZipsMessage,
  weeklyCapMessage,
  type LeadPreferences,
  type LeadPreferencesBody,
} from '@/shared/schemas/leads';
import type { ManagedCompany } from '@/server/access/company.policy';
import type { AuditService } from '../audit/audit.service';
import type { SessionUser } from '../users/users.service';
import {
  lockLeadPreferences,
  readLeadScope,
  recordLeadScopeAtSend,
  saveLeadScope,
  unknownZips,
  unlistedSubcategories,
  type LeadScope,
  readLeadPreferences,
  saveLeadPreferences,
  weeklySpendOf,
  weeklyStatusOf,
  type LeadPreferencesRow,
} from './lead-preferences.repository';

/** Whether one company's preferences take in a place: asked by the companies module for its owner's placement. */
export { takesIn } from './lead-preferences.repository';

/** What a company without a row has: no cap, taking requests. */
const NO_PREFERENCES: LeadPreferencesRow = { weeklyCoinCap: null, paused: false, pausedUntil: null };

export class LeadPreferencesService {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditService,
  ) {}

  async get(company: Pick<ManagedCompany, 'id'>, db: DbOrTx = this.db): Promise<LeadPreferences> {
    const state = await readLeadPreferences(db, company.id);
    return {
      companyId: company.id,
      weeklyCoinCap: state.weeklyCoinCap,
      weeklySpend: state.spend,
      weekStartsAt: state.weekStartsAt.toISOString(),
      paused: state.paused,
      returnsOn: state.pausedUntil,
      takingRequests: state.takingRequests,
      serviceArea: {
        type: state.serviceRadiusMiles !== null ? 'radius' : state.serviceZips.length ? 'zips' : 'anywhere',
        radiusMiles: state.serviceRadiusMiles,
        zips: state.serviceZips,
      },
      subcategoryIds: state.subcategoryIds,
    };
  }

  /**
   * Changes the fields the body names; the rest stay as they were. The pause and its return date
   * go together: `paused` sets both (no `returnsOn` is until switched off), `returnsOn` alone moves
   * the date of the pause as it is.
   */
  async update(actor: SessionUser, company: ManagedCompany, body: LeadPreferencesBody): Promise<LeadPreferences> {
    const [unknown, unlisted] = await Promise.all([
      unknownZips(this.db, body.serviceArea === 'zips' ? (body.serviceZips ?? []) : []),
      unlistedSubcategories(this.db, company.id, body.subcategoryIds ?? []),
    ]);
    // Each refusal names the body's field it is about, for the form to show it there.
    if (unknown.length) throw badRequest(unknownZipsMessage(unknown), 'SERVICE_ZIPS_UNKNOWN', 'serviceZips');
    if (unlisted.length) throw badRequest(NOT_LISTED_SUBCATEGORY_MESSAGE, 'SERVICE_NOT_LISTED', 'subcategoryIds');
    await this.db.transaction(async (tx) => {
      const locked = await lockLeadPreferences(tx, company.id);
      const before = locked ?? NO_PREFERENCES;
      const scopeBefore = await readLeadScope(tx, company.id);
      const after: LeadPreferencesRow = {
        weeklyCoinCap: body.weeklyCoinCap === undefined ? before.weeklyCoinCap : body.weeklyCoinCap,
        paused: body.paused ?? before.paused,
        pausedUntil:
          body.paused !== undefined
            ? body.paused
              ? (body.returnsOn ?? null)
              : null
            : body.returnsOn === undefined
              ? before.pausedUntil
              : body.returnsOn,
      };
      const scopeAfter: LeadScope = {
        serviceRadiusMiles:
          body.serviceArea === undefined
            ? scopeBefore.serviceRadiusMiles
            : body.serviceArea === 'radius'
              ? (body.serviceRadiusMiles ?? null)
              : null,
        serviceZips:
          body.serviceArea === undefined ? scopeBefore.serviceZips : body.serviceArea === 'zips' ? (body.serviceZips ?? []) : [],
        subcategoryIds: body.subcategoryIds ?? scopeBefore.subcategoryIds,
      };
      await saveLeadPreferences(tx, company.id, after);
      await saveLeadScope(tx, company.id, scopeAfter);
      await this.audit.record(tx, {
        actorUserId: actor.id,
        action: 'company.lead_preferences',
        entityType: 'company',
        entityId: company.id,
        before: { ...before, ...scopeBefore },
        after: { ...after, ...scopeAfter },
      });
    });
    return this.get(company);
  }

  /** Inside a quote's submission: records how each company's preferences stood (reports are judged by it). */
  recordScopeAtSend(tx: DbOrTx, quoteId: number): Promise<void> {
    return recordLeadScopeAtSend(tx, quoteId);
  }

  /** The week's spend and cap, for the vendor's cost notice. */
  async weeklyStatus(companyId: number): Promise<{ weeklySpend: number; weeklyCoinCap: number | null }> {
    return weeklyStatusOf(this.db, companyId);
  }

  /**
   * Inside the charge's transaction, before the charge: refuses (409 WEEKLY_CAP_REACHED) a first
   * reply that would take the week's spend past the cap. Holds the preferences' lock to the end
   * of the transaction, so the next reply of the company sees this one's charge; `alreadyPaid` is
   * asked under the lock (a racing first reply to the same quote may have paid meanwhile).
   */
  async assertWithinWeeklyCap(
    tx: DbOrTx,
    company: { id: number; name: string },
    cost: number,
    alreadyPaid: () => Promise<boolean>,
  ): Promise<void> {
    const preferences = await lockLeadPreferences(tx, company.id);
    const cap = preferences?.weeklyCoinCap ?? null;
    if (cap === null || (await alreadyPaid())) return;
    const { spend } = await weeklySpendOf(tx, company.id);
    if (spend + cost > cap) {
      throw new AppError('WEEKLY_CAP_REACHED', weeklyCapMessage(company.name, spend, cap, cost), {
        coinCost: cost,
        weeklySpend: spend,
        weeklyCoinCap: cap,
      });
    }
  }
}
