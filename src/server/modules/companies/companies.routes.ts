import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CompanyPolicies } from '@/server/access/company.policy';
import { resolved } from '@/server/access/policy';
import { UserIdParamsSchema, type UserPolicies } from '@/server/access/user.policy';
import { badRequest } from '@/server/lib/app-error';
import { readMultipart } from '@/server/lib/multipart';
import { requireUser } from '@/server/plugins/request-context';
import { MAX_UPLOAD_BYTES } from '@/shared/constants';
import {
  ActiveBodySchema,
  captionField,
  CompanyImageSchema,
  CreateCompanyResponseSchema,
  ImageParamsSchema,
  LeadLogSchema,
  LogoBodySchema,
  UpdateCompanyImageBodySchema,
  UserCompaniesResponseSchema,
} from '@/shared/schemas/business';
import { IdParamSchema, SuccessSchema } from '@/shared/schemas/common';
import { CompanySchema } from '@/shared/schemas/company';
import { fileSizeMessage } from '@/shared/schemas/upload';
import type { CompaniesService } from './companies.service';
import { parseBusinessFields, type CompanyEditingService } from './company-editing.service';
import type { CompanyImagesService } from './company-images.service';
import { PlacementSchema } from '@/shared/schemas/leads';

interface CompaniesRoutesOptions {
  companies: CompaniesService;
  editing: CompanyEditingService;
  photos: CompanyImagesService;
  policies: { company: CompanyPolicies; user: UserPolicies };
}

const uploadRules = (fileFields: string[]) => ({
  fileFields,
  maxFileBytes: MAX_UPLOAD_BYTES,
  tooLargeMessage: fileSizeMessage(MAX_UPLOAD_BYTES),
});

export const companiesRoutes: FastifyPluginAsyncZod<CompaniesRoutesOptions> = async (
  app,
  { companies, editing, photos, policies },
) => {
  // Owner or admin, decided before the body is read ("who before what"); the handlers get the company.
  const { manage } = policies.company;
  const manager = { access: 'user' as const, policy: manage };

  // Any id shape is accepted here: one that names no company is a 404, not a 400.
  app.get(
    '/api/companies/:id',
    { schema: { params: z.object({ id: z.string().max(100) }), response: { 200: CompanySchema } } },
    async (request) => companies.getCompany(request.params.id, request.user),
  );

  app.post(
    '/api/companies',
    { config: { access: 'verified', rateLimit: 'companies' }, schema: { response: { 201: CreateCompanyResponseSchema } } },
    async (request, reply) => {
      const { fields, file } = await readMultipart(request, uploadRules(['logo']));
      if (file) await app.writeLimits.hit('uploads', request);
      const form = parseBusinessFields(fields);
      const { company, launchCoins } = await editing.create(requireUser(request), form, file?.bytes);
      return reply.status(201).send({ id: company.id, company, launchCoins });
    },
  );

  app.put(
    '/api/companies/:id',
    { config: manager, schema: { params: IdParamSchema, response: { 200: CompanySchema } } },
    async (request) => {
      const { fields, file } = await readMultipart(request, uploadRules(['logo']));
      if (file) await app.writeLimits.hit('uploads', request);
      const form = parseBusinessFields(fields);
      return editing.update(requireUser(request), resolved(request, manage), form, file?.bytes);
    },
  );

  app.patch(
    '/api/companies/:id/logo',
    {
      config: manager,
      schema: { params: IdParamSchema, body: LogoBodySchema, response: { 200: SuccessSchema } },
    },
    async (request) => {
      await editing.setLogo(requireUser(request), resolved(request, manage), request.body.logoObjectId);
      return { success: true as const };
    },
  );

  app.patch(
    '/api/companies/:id/active',
    {
      config: manager,
      schema: { params: IdParamSchema, body: ActiveBodySchema, response: { 200: CompanySchema } },
    },
    async (request) => editing.setActive(requireUser(request), resolved(request, manage), request.body.isActive),
  );

  // Where the company appears for its category and near its ZIP code, and why.
  app.get(
    '/api/companies/:id/placement',
    { config: manager, schema: { params: IdParamSchema, response: { 200: PlacementSchema } } },
    async (request) => companies.placement(resolved(request, manage).id),
  );

  app.get(
    '/api/companies/:id/lead-log',
    { config: manager, schema: { params: IdParamSchema, response: { 200: LeadLogSchema } } },
    async (request) => editing.leadLog(resolved(request, manage)),
  );

  // The page-view beacon of the lead log; anyone may send it, the owner's own visits are skipped.
  app.post(
    '/api/companies/:id/views',
    { config: { rateLimit: 'companyViews' }, schema: { params: IdParamSchema } },
    async (request, reply) => {
      await editing.recordView(request.user ?? undefined, request.params.id);
      return reply.status(204).send();
    },
  );

  // The caller's own companies (the vendor inbox's company list).
  app.get(
    '/api/companies/user',
    { config: { access: 'user' }, schema: { response: { 200: UserCompaniesResponseSchema } } },
    async (request) => ({ companies: await companies.listOfOwner(requireUser(request).id) }),
  );

  app.get(
    '/api/users/:id/companies',
    {
      config: { access: 'user', policy: policies.user.companies },
      schema: { params: UserIdParamsSchema, response: { 200: UserCompaniesResponseSchema } },
    },
    async (request) => ({ companies: await companies.listOfOwner(resolved(request, policies.user.companies)) }),
  );

  // ── photos ──

  app.get(
    '/api/companies/:id/images',
    { schema: { params: z.object({ id: z.string().max(100) }), response: { 200: z.array(CompanyImageSchema) } } },
    async (request) => companies.listImages(request.params.id, request.user),
  );

  app.post(
    '/api/companies/:id/images',
    {
      config: { ...manager, rateLimit: 'uploads' },
      // After the policy: the 11th photo is refused before its bytes are read.
      onRequest: async (request) => photos.assertRoomForPhoto(resolved(request, manage).id),
      schema: { params: IdParamSchema, response: { 201: CompanyImageSchema } },
    },
    async (request, reply) => {
      const { fields, file } = await readMultipart(request, uploadRules(['image', 'file']));
      if (!file) throw badRequest('Choose an image to upload');
      const caption = captionField.safeParse(fields.caption ?? '');
      if (!caption.success) throw badRequest(caption.error.issues[0].message, 'BAD_REQUEST', 'caption');
      const image = await photos.add(requireUser(request), resolved(request, manage), file.bytes, caption.data || null);
      return reply.status(201).send(image);
    },
  );

  app.patch(
    '/api/companies/:id/images/:imageId',
    {
      config: manager,
      schema: { params: ImageParamsSchema, body: UpdateCompanyImageBodySchema, response: { 200: CompanyImageSchema } },
    },
    async (request) => photos.update(requireUser(request), resolved(request, manage), request.params.imageId, request.body),
  );

  app.delete(
    '/api/companies/:id/images/:imageId',
    { config: manager, schema: { params: ImageParamsSchema, response: { 200: SuccessSchema } } },
    async (request) => {
      await photos.remove(requireUser(request), resolved(request, manage), request.params.imageId);
      return { success: true as const };
    },
  );
};
