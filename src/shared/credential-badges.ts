/**
 * The words of a verified-credential badge, without zod: listing cards and company pages show
 * them, and their scripts should not carry a schema library to do so (the schemas are in
 * schemas/credentials.ts).
 */
export const CREDENTIAL_KINDS = ['licence', 'insurance'] as const;
export type CredentialKind = (typeof CREDENTIAL_KINDS)[number];
export const CREDENTIAL_KIND_LABELS: Record<CredentialKind, string> = { licence: 'Licence', insurance: 'Insurance' };

/** "Licence verified · expires 2027-06" */
export const credentialBadgeLabel = (badge: { kind: CredentialKind; expiresOn: string }) =>
  `${CREDENTIAL_KIND_LABELS[badge.kind]} verified · expires ${badge.expiresOn.slice(0, 7)}`;
