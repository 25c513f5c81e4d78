/**
 * Lead preferences (issue 19): what a company takes leads on. So far the weekly coin cap: a first
 * reply that would take the week's spend past it is refused before any charge, under a lock on
 * the company's preferences so that racing replies cannot pass it together. Every change is on
 * the audit log, whoever makes it (the owner, or an administrator for anyone's company).
 */
import type { Db, DbOrTx } from '@/server/db/client';
import { AppError } from '@/server/lib/app-error';
import { weeklyCapMessage, type LeadPreferences, type LeadPreferencesBody } from '@/shared/schemas/leads';
import type { ManagedCompany } from '@/server/access/company.policy';
import type { AuditService } from '../audit/audit.service';
import type { SessionUser } from '../users/users.service';
import { findLeadPreferences, lockLeadPreferences, saveLeadPreferences, weeklySpendOf } from './lead-preferences.repository';

export class LeadPreferencesService {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditService,
  ) {}

  async get(company: Pick<ManagedCompany, 'id'>, db: DbOrTx = this.db): Promise<LeadPreferences> {
    const [preferences, week] = await Promise.all([findLeadPreferences(db, company.id), weeklySpendOf(db, company.id)]);
    return {
      companyId: company.id,
      weeklyCoinCap: preferences?.weeklyCoinCap ?? null,
      weeklySpend: week.spend,
      weekStartsAt: week.weekStartsAt.toISOString(),
    };
  }

  async update(actor: SessionUser, company: ManagedCompany, body: LeadPreferencesBody): Promise<LeadPreferences> {
    await this.db.transaction(async (tx) => {
      const before = await saveLeadPreferences(tx, company.id, { weeklyCoinCap: body.weeklyCoinCap });
      await this.audit.record(tx, {
        actorUserId: actor.id,
        action: 'company.lead_preferences',
        entityType: 'company',
        entityId: company.id,
        before: { weeklyCoinCap: before?.weeklyCoinCap ?? null },
        after: { weeklyCoinCap: body.weeklyCoinCap },
      });
    });
    return this.get(company);
  }

  /** The week's spend and cap, for the vendor's cost notice. */
  async weeklyStatus(companyId: number): Promise<{ weeklySpend: number; weeklyCoinCap: number | null }> {
    const { weeklyCoinCap, weeklySpend } = await this.get({ id: companyId });
    return { weeklySpend, weeklyCoinCap };
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
