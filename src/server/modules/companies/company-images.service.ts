/**
 * A company's photos: at most ten, JPG/PNG/GIF/SVG up to 5 MB through
 * the image pipeline, captions, order by displayOrder, deletion with the stored bytes.
 */
import type { ManagedCompany } from '@/server/access/company.policy';
import type { Db } from '@/server/db/client';
import { badRequest, notFound } from '@/server/lib/app-error';
import type { SessionUser } from '@/server/modules/users/users.service';
import { MAX_COMPANY_PHOTOS } from '@/shared/constants';
import { TOO_MANY_PHOTOS, type CompanyImage } from '@/shared/schemas/business';
import type { ImagesService } from '../images/images.service';
import { toCompanyImage } from './companies.service';
import {
  countCompanyImages,
  deleteCompanyImage,
  findCompanyImage,
  insertCompanyImage,
  lockCompany,
  updateCompanyImage,
} from './company-images.repository';
import { COMPANY_IMAGE_RULES, type CompanyEditingService } from './company-editing.service';

export class CompanyImagesService {
  constructor(
    private readonly db: Db,
    private readonly editing: CompanyEditingService,
    private readonly images: ImagesService,
  ) {}

  /** Refuses the 11th photo before its bytes are read (the transaction checks again). */
  async assertRoomForPhoto(companyId: number): Promise<void> {
    if ((await countCompanyImages(this.db, companyId)) >= MAX_COMPANY_PHOTOS) throw badRequest(TOO_MANY_PHOTOS);
  }

  /** A photo of `company`, which the company policy let `actor` manage. */
  async add(actor: SessionUser, company: ManagedCompany, bytes: Buffer, caption: string | null): Promise<CompanyImage> {
    const companyId = company.id;
    const prepared = await this.images.prepare(bytes, COMPANY_IMAGE_RULES, 'company_image', actor.id);
    let imageId: number;
    try {
      imageId = await this.db.transaction(async (tx) => {
        if (!(await lockCompany(tx, companyId))) throw notFound('Company not found');
        if ((await countCompanyImages(tx, companyId)) >= MAX_COMPANY_PHOTOS) throw badRequest(TOO_MANY_PHOTOS);
        await this.images.record(tx, prepared);
        const id = await insertCompanyImage(tx, companyId, prepared.answer.objectId, caption || null);
        await this.editing.auditAdminChange(tx, actor, company, {
          action: 'company.photo_add',
          after: { imageId: id, objectId: prepared.answer.objectId, caption: caption || null },
        });
        return id;
      });
    } catch (error) {
      await this.images.discard(prepared);
      throw error;
    }
    return this.get(companyId, imageId);
  }

  private async get(companyId: number, imageId: number): Promise<CompanyImage> {
    const row = await findCompanyImage(this.db, companyId, imageId);
    if (!row) throw notFound('Photo not found');
    return toCompanyImage(row);
  }

  async update(
    actor: SessionUser,
    company: ManagedCompany,
    imageId: number,
    values: { caption?: string | null; displayOrder?: number },
  ): Promise<CompanyImage> {
    const companyId = company.id;
    const changes: { caption?: string | null; displayOrder?: number } = {};
    if (values.caption !== undefined) changes.caption = values.caption || null;
    if (values.displayOrder !== undefined) changes.displayOrder = values.displayOrder;
    await this.db.transaction(async (tx) => {
      if (!(await updateCompanyImage(tx, companyId, imageId, changes))) throw notFound('Photo not found');
      await this.editing.auditAdminChange(tx, actor, company, {
        action: 'company.photo_update',
        after: { imageId, ...changes },
      });
    });
    return this.get(companyId, imageId);
  }

  async remove(actor: SessionUser, company: ManagedCompany, imageId: number): Promise<void> {
    const companyId = company.id;
    const purge = await this.db.transaction(async (tx) => {
      const objectId = await deleteCompanyImage(tx, companyId, imageId);
      if (!objectId) throw notFound('Photo not found');
      await this.editing.auditAdminChange(tx, actor, company, {
        action: 'company.photo_delete',
        before: { imageId, objectId },
      });
      return this.images.deleteObject(tx, objectId);
    });
    await purge();
  }
}
