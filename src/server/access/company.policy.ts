/**
 * Who may manage a company:
 * - its owner may edit it, set its logo, activate or deactivate it, read its lead log, and add,
 *   caption, reorder or delete its photos;
 * - an administrator may do the same to anyone's company, and those changes go into the audit log;
 * - anyone else gets 403 "You can only manage your own companies", and an id that names no company
 *   gets 404 "Company not found" (the same for an id that could not exist, such as 0 or "abc").
 * The policy reads the company's owner in one query and hands the company on as `ManagedCompany`.
 */
import { forbidden, notFound } from '@/server/lib/app-error';
import type { SessionUser } from '@/server/modules/users/users.service';
import { definePolicy } from './policy';

/** The company the caller may manage, and in which capacity. */
export interface ManagedCompany {
  id: number;
  ownerId: number | null;
  /** Someone else's company, managed as an administrator: each change is recorded in the audit log. */
  asAdmin: boolean;
}

const COMPANY_NOT_FOUND = 'Company not found';

/** The rule itself, on what was read: undefined when the caller may not manage the company. */
export function managedCompanyOf(
  actor: SessionUser,
  company: { id: number; ownerId: number | null },
): ManagedCompany | undefined {
  if (company.ownerId === actor.id) return { ...company, asAdmin: false };
  if (actor.isAdmin) return { ...company, asAdmin: true };
  return undefined;
}

/** What the policy reads of a company: its owner. CompanyEditingService answers it. */
export interface CompanyOwnershipReader {
  findOwnership(id: number): Promise<{ id: number; ownerId: number | null } | undefined>;
}

export function companyPolicies(editing: CompanyOwnershipReader) {
  /** The company's owner or an administrator (editing, logo, activation, lead log, photos). */
  const manage = definePolicy<{ id: number }, ManagedCompany>({
    name: 'company.manage',
    notFoundMessage: COMPANY_NOT_FOUND,
    async resolve(actor, { id }) {
      const company = await editing.findOwnership(id);
      if (!company) throw notFound(COMPANY_NOT_FOUND);
      const managed = managedCompanyOf(actor, company);
      if (!managed) throw forbidden('You can only manage your own companies');
      return managed;
    },
  });

  return { manage };
}

export type CompanyPolicies = ReturnType<typeof companyPolicies>;
