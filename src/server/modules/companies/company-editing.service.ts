/**
 * What owners do with their companies: create and edit through the business form,
 * set the logo, activate or deactivate, and read their lead log. Only the owner, or an admin,
 * touches a company: the company policy (src/server/access/company.policy.ts) decides it and hands
 * the company to the calls below; only a verified user creates one (the route declares it).
 */
import { normalisePhoneNumber } from '@/server/lib/phone-numbers';
import { operatingCountry } from '@/shared/operating-country';
import { MAX_INT4_ID } from '@/shared/constants';
import type { ManagedCompany } from '@/server/access/company.policy';
import type { Db, DbOrTx } from '@/server/db/client';
import { listingModerated, reopenEditedItem, setListingActive } from '@/server/db/moderated-items';
import { badRequest, fieldOfPath, forbidden, notFound } from '@/server/lib/app-error';
import type { SessionUser } from '@/server/modules/users/users.service';
import { LEAD_LOG_DAYS, type BusinessMultipart, type LeadLog } from '@/shared/schemas/business';
import { BUSINESS_MESSAGES, BusinessMultipartSchema } from '@/shared/schemas/business';
import type { Company } from '@/shared/schemas/company';
import { COMPANY_IMAGE_TYPES, COMPANY_IMAGE_TYPES_MESSAGE } from '@/shared/schemas/upload';
import type { AuditService } from '../audit/audit.service';
import type { CoinsService } from '../coins/coins.service';
import type { ImagesService, PreparedImage } from '../images/images.service';
import type { CompaniesService } from './companies.service';
import {
  findCategoryByText,
  findCategoryName,
  findCompanyOwner,
  findEditableFields,
  findLogoObjectId,
  findPostalCodeCentre,
  insertCompany,
  isObjectInUse,
  leadLogOf,
  listSubcategoriesOf,
  recordPageView,
  replaceCompanySubcategories,
  updateCompanyRow,
  type CompanyValues,
} from './company-editing.repository';

export const COMPANY_IMAGE_RULES = { allowed: COMPANY_IMAGE_TYPES, typesMessage: COMPANY_IMAGE_TYPES_MESSAGE };

/**
 * Parses the business form's multipart fields with the shared schema: the first problem, in the
 * spec's words, naming its field as a JSON body's refusal does. The phone number is stored in
 * E.164, read in the operator's country when it has no country code, and refused when no such
 * number can exist.
 */
export function parseBusinessFields(fields: Record<string, string>): BusinessMultipart {
  const parsed = BusinessMultipartSchema.safeParse(fields);
  if (!parsed.success) {
    const [first] = parsed.error.issues;
    throw badRequest(first?.message ?? 'Invalid business details', 'BAD_REQUEST', first && fieldOfPath(first.path));
  }
  const phone = normalisePhoneNumber(operatingCountry(), parsed.data.phone);
  if (!phone) throw badRequest(BUSINESS_MESSAGES.phone, 'BAD_REQUEST', 'phone');
  return { ...parsed.data, phone };
}

export class CompanyEditingService {
  constructor(
    private readonly db: Db,
    private readonly companies: CompaniesService,
    private readonly images: ImagesService,
    private readonly coins: CoinsService,
    private readonly audit: AuditService,
  ) {}

  /** Company `id` with its owner, for the company policy; undefined when there is none. */
  async findOwnership(id: number): Promise<{ id: number; ownerId: number | null } | undefined> {
    const company = await findCompanyOwner(this.db, id);
    return company && { id, ownerId: company.ownerId };
  }

  /** An administrator's change to someone else's company, on the record. */
  async auditAdminChange(
    tx: DbOrTx,
    actor: SessionUser,
    company: ManagedCompany,
    change: { action: string; before?: unknown; after?: unknown },
  ): Promise<void> {
    if (!company.asAdmin) return;
    await this.audit.record(tx, { actorUserId: actor.id, entityType: 'company', entityId: company.id, ...change });
  }

  /** The form's category, subcategories and coordinates as columns. */
  private async resolveForm(form: BusinessMultipart) {
    // The category by slug or name; the spec's categoryId when the name matches nothing.
    const byText = form.category ? await findCategoryByText(this.db, form.category) : undefined;
    const category = byText ?? (form.categoryId ? await findCategoryName(this.db, form.categoryId) : undefined);
    if (!category) throw badRequest(BUSINESS_MESSAGES.category);

    const known = await listSubcategoriesOf(this.db, category.id);
    const chosen = [];
    for (const ref of new Set(form.subcategories.map((s) => s.toLowerCase()))) {
      const match = known.find((s) => s.slug === ref || s.name.toLowerCase() === ref);
      if (!match) throw badRequest(`"${ref.slice(0, 60)}" is not a subcategory of ${category.name}`);
      chosen.push(match);
    }
    const centroid = await findPostalCodeCentre(this.db, form.zip);
    const values: Omit<CompanyValues, 'ownerId'> = {
      name: form.name,
      description: form.description,
      categoryId: category.id,
      subcategory: chosen[0].name,
      phone: form.phone,
      email: form.email,
      website: form.website || null,
      address: form.address,
      city: form.city,
      state: form.state,
      zip: form.zip,
      latitude: centroid?.latitude ?? null,
      longitude: centroid?.longitude ?? null,
    };
    return { values, subcategoryIds: chosen.map((s) => s.id) };
  }

  private async prepareLogo(logo: Buffer | undefined, userId: number): Promise<PreparedImage | undefined> {
    return logo ? this.images.prepare(logo, COMPANY_IMAGE_RULES, 'logo', userId) : undefined;
  }

  /** Creates the company owned by `actor`, with launch credits at their first one. */
  async create(actor: SessionUser, form: BusinessMultipart, logo?: Buffer): Promise<{ company: Company; launchCoins: number }> {
    const { values, subcategoryIds } = await this.resolveForm(form);
    const preparedLogo = await this.prepareLogo(logo, actor.id);
    let launchCoins = 0;
    let id: number;
    try {
      id = await this.db.transaction(async (tx) => {
        if (preparedLogo) await this.images.record(tx, preparedLogo);
        const companyId = await insertCompany(tx, {
          ...values,
          ownerId: actor.id,
          logoObjectId: preparedLogo?.answer.objectId ?? null,
        });
        await replaceCompanySubcategories(tx, companyId, subcategoryIds);
        launchCoins = await this.coins.grantLaunchCredit(tx, actor.id, companyId);
        return companyId;
      });
    } catch (error) {
      if (preparedLogo) await this.images.discard(preparedLogo);
      throw error;
    }
    return { company: await this.companies.getCompany(id, actor), launchCoins };
  }

  async update(actor: SessionUser, company: ManagedCompany, form: BusinessMultipart, logo?: Buffer): Promise<Company> {
    const { id } = company;
    const { values, subcategoryIds } = await this.resolveForm(form);
    const preparedLogo = await this.prepareLogo(logo, actor.id);
    let previousLogo: string | null | undefined;
    try {
      await this.db.transaction(async (tx) => {
        previousLogo = await findLogoObjectId(tx, id);
        const before = company.asAdmin ? await findEditableFields(tx, id) : undefined;
        if (preparedLogo) await this.images.record(tx, preparedLogo);
        await updateCompanyRow(tx, id, {
          ...values,
          ...(preparedLogo ? { logoObjectId: preparedLogo.answer.objectId } : {}),
        });
        await replaceCompanySubcategories(tx, id, subcategoryIds);
        // An owner who fixes a listing a moderator hid asks for it to be judged again.
        if (!company.asAdmin) await reopenEditedItem(tx, 'company', id, actor.id);
        if (company.asAdmin) {
          await this.auditAdminChange(tx, actor, company, {
            action: 'company.update',
            before,
            after: await findEditableFields(tx, id),
          });
        }
      });
    } catch (error) {
      if (preparedLogo) await this.images.discard(preparedLogo);
      throw error;
    }
    if (preparedLogo && previousLogo) await this.deleteObjectIfUnused(previousLogo);
    return this.companies.getCompany(id, actor);
  }

  /** PATCH /api/companies/{id}/logo: an object the caller uploaded becomes the logo (null removes it). */
  async setLogo(actor: SessionUser, company: ManagedCompany, logoObjectId: string | null): Promise<void> {
    const { id } = company;
    if (logoObjectId !== null) {
      const object = await this.images.findObject(logoObjectId);
      if (!object || (object.kind !== 'upload' && object.kind !== 'logo')) throw badRequest('Logo image not found');
      if (object.createdByUserId !== actor.id && !actor.isAdmin) throw forbidden('Use an image you uploaded');
      if (object.thumbnailId === null) throw badRequest('Logo image not found');
    }
    const previous = await this.db.transaction(async (tx) => {
      const before = await findLogoObjectId(tx, id);
      await updateCompanyRow(tx, id, { logoObjectId });
      await this.auditAdminChange(tx, actor, company, {
        action: 'company.logo',
        before: { logoObjectId: before },
        after: { logoObjectId },
      });
      return before;
    });
    if (previous && previous !== logoObjectId) await this.deleteObjectIfUnused(previous);
  }

  private async deleteObjectIfUnused(objectId: string): Promise<void> {
    const purge = await this.db.transaction(async (tx) =>
      (await isObjectInUse(tx, objectId)) ? async () => {} : this.images.deleteObject(tx, objectId),
    );
    await purge();
  }

  async setActive(actor: SessionUser, company: ManagedCompany, isActive: boolean): Promise<Company> {
    const { id } = company;
    await this.db.transaction(async (tx) => {
      const outcome = await setListingActive(tx, id, isActive);
      if (outcome === 'missing') throw notFound('Company not found');
      if (outcome === 'moderated') throw listingModerated();
      await this.auditAdminChange(tx, actor, company, {
        action: isActive ? 'company.activate' : 'company.deactivate',
        after: { isActive },
      });
    });
    return this.companies.getCompany(id, actor);
  }

  /** A visit to the company's public page; the owner's own visits do not count. */
  async recordView(viewer: SessionUser | undefined, id: number): Promise<void> {
    const company = Number.isInteger(id) && id > 0 && id <= MAX_INT4_ID ? await findCompanyOwner(this.db, id) : undefined;
    if (!company) throw notFound('Company not found');
    if (viewer && viewer.id === company.ownerId) return;
    await recordPageView(this.db, id, new Date().toISOString().slice(0, 10));
  }

  async leadLog(company: ManagedCompany): Promise<LeadLog> {
    const { id } = company;
    const rows = await leadLogOf(this.db, id, LEAD_LOG_DAYS);
    const days = rows.map((row) => ({
      day: row.day,
      pageViews: row.page_views,
      quoteRequests: row.quote_requests,
      repliesSent: row.replies_sent,
      coinsSpent: row.coins_spent,
      hires: row.hires,
    }));
    const totals = { pageViews: 0, quoteRequests: 0, repliesSent: 0, coinsSpent: 0, hires: 0 };
    for (const day of days) {
      totals.pageViews += day.pageViews;
      totals.quoteRequests += day.quoteRequests;
      totals.repliesSent += day.repliesSent;
      totals.coinsSpent += day.coinsSpent;
      totals.hires += day.hires;
    }
    // What one hire cost over the period: every coin spent on its leads, hired or not.
    const costPerHire = totals.hires > 0 ? Math.round((totals.coinsSpent / totals.hires) * 10) / 10 : null;
    return { companyId: id, days, totals, costPerHire };
  }
}
