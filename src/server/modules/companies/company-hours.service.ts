/**
 * Opening hours: per weekday one span ("HH:MM" to "HH:MM", 24:00 for midnight; a closing time
 * before the opening time runs past midnight into the next day) or closed, and a
 * note, in the company's time zone (companies.time_zone, derived from its ZIP code by a trigger).
 * Set by its owner or an admin (audited); read by anyone, with whether it is open now.
 */
import { MAX_INT4_ID } from '@/shared/constants';
import type { ManagedCompany } from '@/server/access/company.policy';
import type { Db } from '@/server/db/client';
import { notFound } from '@/server/lib/app-error';
import type { SessionUser } from '@/server/modules/users/users.service';
import { weekFromStored, weekToStored, type OpeningHours, type OpeningHoursBody } from '@/shared/schemas/opening-hours';
import type { CompanyEditingService } from './company-editing.service';
import { deleteCompanyHours, findCompanyHours, upsertCompanyHours } from './company-hours.repository';

export class CompanyHoursService {
  constructor(
    private readonly db: Db,
    private readonly editing: CompanyEditingService,
  ) {}

  async get(rawId: string | number): Promise<OpeningHours> {
    const id = Number(rawId);
    const row = Number.isInteger(id) && id > 0 && id <= MAX_INT4_ID ? await findCompanyHours(this.db, id) : undefined;
    if (!row) throw notFound('Company not found');
    return {
      timeZone: row.time_zone,
      hours: row.week ? weekFromStored(row.week) : null,
      note: row.note,
      openNow: row.open_now,
    };
  }

  async set(actor: SessionUser, company: ManagedCompany, body: OpeningHoursBody): Promise<OpeningHours> {
    await this.db.transaction(async (tx) => {
      await upsertCompanyHours(tx, company.id, weekToStored(body.hours), body.note);
      await this.editing.auditAdminChange(tx, actor, company, { action: 'company.hours_update', after: body });
    });
    return this.get(company.id);
  }

  /** Back to "hours not given". */
  async clear(actor: SessionUser, company: ManagedCompany): Promise<OpeningHours> {
    await this.db.transaction(async (tx) => {
      await deleteCompanyHours(tx, company.id);
      await this.editing.auditAdminChange(tx, actor, company, { action: 'company.hours_clear' });
    });
    return this.get(company.id);
  }
}
