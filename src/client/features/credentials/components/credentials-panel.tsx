/**
 * The owner's credentials of one company: each licence or insurance with its status (pending,
 * verified, rejected with the reason, expired, needs re-check) and its document, a form to submit
 * one, and per credential Replace and Remove.
 */
import { ShieldCheck } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { ConfirmDialog } from '@/client/components/confirm-dialog';
import { ListStates, LoadingList, RetryAlert } from '@/client/components/list-states';
import { Badge, type BadgeVariant } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { fieldA11y, FormField } from '@/client/components/ui/form-field';
import { Input } from '@/client/components/ui/input';
import { Skeleton } from '@/client/components/ui/skeleton';
import { ApiError, errorMessage } from '@/client/lib/api';
import { notify } from '@/client/lib/notify';
import {
  CREDENTIAL_KIND_LABELS,
  CREDENTIAL_STATUS_LABELS,
  CredentialFieldsSchema,
  DOCUMENT_REQUIRED,
  MAX_CREDENTIALS_PER_COMPANY,
  type Credential,
  type CredentialKind,
  type CredentialStatus,
} from '@/shared/schemas/credentials';
import { useCredentials, useRemoveCredential, useSaveCredential } from '../api/credentials';

const STATUS_VARIANTS: Record<CredentialStatus, BadgeVariant> = {
  pending: 'warning',
  verified: 'success',
  rejected: 'destructive',
  expired: 'secondary',
  needs_recheck: 'warning',
};

const STATUS_EXPLAINED: Record<CredentialStatus, string> = {
  pending: 'Waiting for an administrator to check it.',
  verified: 'Shown as a badge on your page and in search results until it expires.',
  rejected: 'Not verified.',
  expired: 'Its expiry date has passed: submit the renewed document.',
  needs_recheck: "The company's name or owner changed since it was verified: an administrator checks it again.",
};

type Field = 'kind' | 'number' | 'issuer' | 'expiresOn' | 'document';

/** Submit (no `credential`) or replace one; the document is required only for a new credential. */
function CredentialForm({ companyId, credential, onDone }: { companyId: number; credential?: Credential; onDone(): void }) {
  const uid = useId();
  const save = useSaveCredential(companyId);
  const [kind, setKind] = useState<CredentialKind>(credential?.kind ?? 'licence');
  const [number, setNumber] = useState(credential?.number ?? '');
  const [issuer, setIssuer] = useState(credential?.issuer ?? '');
  const [expiresOn, setExpiresOn] = useState(credential?.expiresOn ?? '');
  const [document, setDocument] = useState<File | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Field | 'form', string>>>({});
  const id = (field: Field) => `${uid}-${field}`;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = CredentialFieldsSchema.safeParse({ kind, number, issuer, expiresOn });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setErrors({ [String(issue.path[0]) as Field]: issue.message });
      return;
    }
    if (!credential && !document) {
      setErrors({ document: DOCUMENT_REQUIRED });
      return;
    }
    try {
      await save.mutateAsync({ id: credential?.id, fields: parsed.data, document });
      notify.success(credential ? 'Credential replaced' : 'Credential submitted', 'An administrator will check it.');
      onDone();
    } catch (error) {
      const field = error instanceof ApiError ? (error.field as Field | undefined) : undefined;
      setErrors({
        [field && ['kind', 'number', 'issuer', 'expiresOn', 'document'].includes(field) ? field : 'form']: errorMessage(
          error,
          'Please try again.',
        ),
      });
    }
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} className="grid gap-3 sm:grid-cols-2" noValidate>
      <FormField id={id('kind')} label="Kind" error={errors.kind}>
        <select
          {...fieldA11y(id('kind'), errors.kind)}
          value={kind}
          onChange={(event) => setKind(event.target.value as CredentialKind)}
          className="h-10 rounded-md border border-slate-300 bg-white px-3 text-sm"
        >
          <option value="licence">Licence</option>
          <option value="insurance">Insurance</option>
        </select>
      </FormField>
      <FormField id={id('number')} label="Licence or policy number" error={errors.number}>
        <Input
          {...fieldA11y(id('number'), errors.number)}
          value={number}
          maxLength={100}
          onChange={(e) => setNumber(e.target.value)}
        />
      </FormField>
      <FormField id={id('issuer')} label="Issuing authority or region" error={errors.issuer}>
        <Input
          {...fieldA11y(id('issuer'), errors.issuer)}
          value={issuer}
          maxLength={200}
          onChange={(e) => setIssuer(e.target.value)}
        />
      </FormField>
      <FormField id={id('expiresOn')} label="Expiry date" error={errors.expiresOn}>
        <Input
          {...fieldA11y(id('expiresOn'), errors.expiresOn)}
          type="date"
          value={expiresOn}
          onChange={(e) => setExpiresOn(e.target.value)}
        />
      </FormField>
      <FormField
        id={id('document')}
        label={credential ? 'New document (optional)' : 'Document'}
        hint="A photo or scan (JPG, PNG, GIF or WebP). Only you and administrators can see it."
        error={errors.document}
        className="sm:col-span-2"
      >
        <Input
          {...fieldA11y(id('document'), errors.document, true)}
          type="file"
          accept="image/jpeg,image/png,image/gif,image/webp"
          onChange={(e) => setDocument(e.target.files?.[0] ?? null)}
        />
      </FormField>
      {errors.form && (
        <p role="alert" className="text-sm text-red-700 sm:col-span-2">
          {errors.form}
        </p>
      )}
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Sending…' : credential ? 'Replace credential' : 'Submit credential'}
        </Button>
        <Button type="button" variant="outline" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function CredentialItem({ companyId, credential }: { companyId: number; credential: Credential }) {
  const [replacing, setReplacing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const remove = useRemoveCredential(companyId);
  const label = `${CREDENTIAL_KIND_LABELS[credential.kind]} ${credential.number}`;
  return (
    <li className="grid gap-3 rounded-md border border-slate-200 p-3">
      <div className="flex flex-wrap items-start gap-3">
        <a href={credential.documentUrl} target="_blank" rel="noreferrer" className="shrink-0">
          <img
            src={credential.documentThumbnailUrl ?? credential.documentUrl}
            alt={`Document of ${label}`}
            className="size-16 rounded border border-slate-200 object-cover"
          />
        </a>
        <div className="min-w-0 flex-1">
          <h3 className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
            {label}
            <Badge variant={STATUS_VARIANTS[credential.status]}>{CREDENTIAL_STATUS_LABELS[credential.status]}</Badge>
          </h3>
          <p className="text-sm text-slate-700">
            {credential.issuer} · expires {credential.expiresOn}
          </p>
          <p className="text-sm text-slate-700">{STATUS_EXPLAINED[credential.status]}</p>
          {credential.status === 'rejected' && credential.decisionReason && (
            <p className="text-sm text-red-800">Reason: {credential.decisionReason}</p>
          )}
        </div>
        <div className="flex gap-2">
          <Button size="sm" variant="outline" onClick={() => setReplacing((open) => !open)} aria-expanded={replacing}>
            Replace<span className="sr-only"> {label}</span>
          </Button>
          <Button size="sm" variant="outline" onClick={() => setConfirming(true)}>
            Remove<span className="sr-only"> {label}</span>
          </Button>
        </div>
      </div>
      {replacing && <CredentialForm companyId={companyId} credential={credential} onDone={() => setReplacing(false)} />}
      <ConfirmDialog
        open={confirming}
        title={`Remove ${label}?`}
        description="Its document is deleted and its badge no longer shows."
        confirmLabel="Remove"
        busyLabel="Removing…"
        isBusy={remove.isPending}
        variant="destructive"
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(credential.id, {
            onSuccess: () => {
              setConfirming(false);
              notify.success('Credential removed');
            },
            onError: (error) => notify.error('Could not remove the credential', errorMessage(error, 'Please try again.')),
          })
        }
      />
    </li>
  );
}

export function CredentialsPanel({ companyId, companyName }: { companyId: number; companyName: string }) {
  const credentials = useCredentials(companyId);
  const [adding, setAdding] = useState(false);
  const count = credentials.data?.credentials.length ?? 0;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ShieldCheck className="size-5 text-slate-600" aria-hidden />
          Licences and insurance
        </CardTitle>
        <CardDescription>
          Verified credentials of {companyName} show as badges on its page and in search results, until they expire. A change of
          the company&apos;s name or owner sends them back for a new check.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {/* "No credentials yet" says nothing more once the form for the first one is open. */}
        {!(adding && credentials.data?.credentials.length === 0) && (
          <ListStates
            data={credentials.data}
            isPending={credentials.isPending}
            isError={credentials.isError && !credentials.data}
            isEmpty={(loaded) => loaded.credentials.length === 0}
            loading={
              <LoadingList label="Loading credentials…">
                <Skeleton className="h-20 w-full" />
              </LoadingList>
            }
            error={
              <RetryAlert
                title="Failed to load the credentials"
                message={errorMessage(credentials.error, 'Please try again.')}
                onRetry={() => void credentials.refetch()}
              />
            }
            empty="No credentials yet. Submit a licence or an insurance to earn a badge."
            emptyClassName="rounded-md border border-dashed border-slate-300 p-4 text-sm text-slate-700"
          >
            {(loaded) => (
              <ul className="grid gap-3" aria-label="Credentials">
                {loaded.credentials.map((credential) => (
                  <CredentialItem key={credential.id} companyId={companyId} credential={credential} />
                ))}
              </ul>
            )}
          </ListStates>
        )}
        {adding ? (
          <CredentialForm companyId={companyId} onDone={() => setAdding(false)} />
        ) : (
          <div>
            <Button onClick={() => setAdding(true)} disabled={count >= MAX_CREDENTIALS_PER_COMPANY}>
              Add a credential
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
