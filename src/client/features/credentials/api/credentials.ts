import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { companyQueryKey } from '@/client/entities/companies/get-company-images';
import { api } from '@/client/lib/api';
import type { Credential, CredentialFields } from '@/shared/schemas/credentials';

export const credentialsQueryKey = (companyId: number) => ['companies', String(companyId), 'credentials'] as const;

/** GET /api/companies/{id}/credentials (the owner and admins) → {credentials}. */
export const getCredentialsQueryOptions = (companyId: number) =>
  queryOptions({
    queryKey: credentialsQueryKey(companyId),
    queryFn: () => api<{ credentials: Credential[] }>(`/api/companies/${companyId}/credentials`),
  });

export const useCredentials = (companyId: number) => useQuery(getCredentialsQueryOptions(companyId));

function formOf(fields: CredentialFields, document: File | null): FormData {
  const form = new FormData();
  form.append('kind', fields.kind);
  form.append('number', fields.number);
  form.append('issuer', fields.issuer);
  form.append('expiresOn', fields.expiresOn);
  if (document) form.append('document', document);
  return form;
}

/**
 * POST /api/companies/{id}/credentials (multipart: kind, number, issuer, expiresOn, document), or
 * PUT …/{credentialId} to replace one (the document optional).
 */
export function useSaveCredential(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, fields, document }: { id?: number; fields: CredentialFields; document: File | null }) =>
      api<Credential>(id ? `/api/companies/${companyId}/credentials/${id}` : `/api/companies/${companyId}/credentials`, {
        method: id ? 'PUT' : 'POST',
        body: formOf(fields, document),
      }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: credentialsQueryKey(companyId) }),
        queryClient.invalidateQueries({ queryKey: companyQueryKey(companyId), exact: true }),
      ]),
  });
}

/** DELETE /api/companies/{id}/credentials/{credentialId}. */
export function useRemoveCredential(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<{ success: boolean }>(`/api/companies/${companyId}/credentials/${id}`, { method: 'DELETE' }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: credentialsQueryKey(companyId) }),
        queryClient.invalidateQueries({ queryKey: companyQueryKey(companyId), exact: true }),
      ]),
  });
}
