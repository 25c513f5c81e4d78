/**
 * The owner's credentials of one company: each licence or insurance with its status (pending,
 * verified, rejected with the reason, expired, needs re-check) and its document, a form to submit
 * one, and per credential Replace and Remove.
 */
import ShieldCheck from 'lucide-react/icons/shield-check';
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
import { Message, useT, useTranslateText, type MessageKey } from '@/client/lib/i18n';
import { notify } from '@/client/lib/notify';
import {
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

const KIND_LABELS: Record<CredentialKind, MessageKey> = {
  licence: 'credentials.kind.licence',
  insurance: 'credentials.kind.insurance',
};

const STATUS_LABELS: Record<CredentialStatus, MessageKey> = {
  pending: 'credentials.status.pending',
  verified: 'credentials.status.verified',
  rejected: 'credentials.status.rejected',
  expired: 'credentials.status.expired',
  needs_recheck: 'credentials.status.needsRecheck',
};

const STATUS_EXPLAINED: Record<CredentialStatus, MessageKey> = {
  pending: 'credentials.explained.pending',
  verified: 'credentials.explained.verified',
  rejected: 'credentials.explained.rejected',
  expired: 'credentials.explained.expired',
  needs_recheck: 'credentials.explained.needsRecheck',
};

type Field = 'kind' | 'number' | 'issuer' | 'expiresOn' | 'document';

/** Submit (no `credential`) or replace one; the document is required only for a new credential. */
function CredentialForm({ companyId, credential, onDone }: { companyId: number; credential?: Credential; onDone(): void }) {
  const t = useT();
  const translateText = useTranslateText();
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
      setErrors({ [String(issue.path[0]) as Field]: translateText(issue.message) });
      return;
    }
    if (!credential && !document) {
      setErrors({ document: translateText(DOCUMENT_REQUIRED) });
      return;
    }
    try {
      await save.mutateAsync({ id: credential?.id, fields: parsed.data, document });
      notify.success(
        credential ? t('credentials.form.replaced') : t('credentials.form.submitted'),
        t('credentials.form.submittedText'),
      );
      onDone();
    } catch (error) {
      const field = error instanceof ApiError ? (error.field as Field | undefined) : undefined;
      setErrors({
        [field && ['kind', 'number', 'issuer', 'expiresOn', 'document'].includes(field) ? field : 'form']: translateText(
          errorMessage(error, t('credentials.common.tryAgain')),
        ),
      });
    }
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} className="grid gap-3 sm:grid-cols-2" noValidate>
      <FormField id={id('kind')} label={t('credentials.form.kind')} error={errors.kind}>
        <select
          {...fieldA11y(id('kind'), errors.kind)}
          value={kind}
          onChange={(event) => setKind(event.target.value as CredentialKind)}
          className="h-10 rounded-md border border-slate-300 bg-white px-3 text-sm"
        >
          <option value="licence">{t(KIND_LABELS.licence)}</option>
          <option value="insurance">{t(KIND_LABELS.insurance)}</option>
        </select>
      </FormField>
      <FormField id={id('number')} label={t('credentials.form.number')} error={errors.number}>
        <Input
          {...fieldA11y(id('number'), errors.number)}
          value={number}
          maxLength={100}
          onChange={(e) => setNumber(e.target.value)}
        />
      </FormField>
      <FormField id={id('issuer')} label={t('credentials.form.issuer')} error={errors.issuer}>
        <Input
          {...fieldA11y(id('issuer'), errors.issuer)}
          value={issuer}
          maxLength={200}
          onChange={(e) => setIssuer(e.target.value)}
        />
      </FormField>
      <FormField id={id('expiresOn')} label={t('credentials.form.expiresOn')} error={errors.expiresOn}>
        <Input
          {...fieldA11y(id('expiresOn'), errors.expiresOn)}
          type="date"
          value={expiresOn}
          onChange={(e) => setExpiresOn(e.target.value)}
        />
      </FormField>
      <FormField
        id={id('document')}
        label={credential ? t('credentials.form.newDocument') : t('credentials.form.document')}
        hint={t('credentials.form.documentHint')}
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
          {save.isPending
            ? t('credentials.form.sending')
            : credential
              ? t('credentials.form.replace')
              : t('credentials.form.submit')}
        </Button>
        <Button type="button" variant="outline" onClick={onDone} disabled={save.isPending}>
          {t('credentials.form.cancel')}
        </Button>
      </div>
    </form>
  );
}

function CredentialItem({ companyId, credential }: { companyId: number; credential: Credential }) {
  const [replacing, setReplacing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const t = useT();
  const translateText = useTranslateText();
  const remove = useRemoveCredential(companyId);
  const label = t('credentials.item.label', { kind: t(KIND_LABELS[credential.kind]), number: credential.number });
  return (
    <li className="grid gap-3 rounded-md border border-slate-200 p-3">
      <div className="flex flex-wrap items-start gap-3">
        <a href={credential.documentUrl} target="_blank" rel="noreferrer" className="shrink-0">
          <img
            src={credential.documentThumbnailUrl ?? credential.documentUrl}
            alt={t('credentials.item.documentAlt', { label })}
            className="size-16 rounded border border-slate-200 object-cover"
          />
        </a>
        <div className="min-w-0 flex-1">
          <h3 className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
            {label}
            <Badge variant={STATUS_VARIANTS[credential.status]}>{t(STATUS_LABELS[credential.status])}</Badge>
          </h3>
          <p className="text-sm text-slate-700">
            {t('credentials.item.issuerExpires', { issuer: credential.issuer, date: credential.expiresOn })}
          </p>
          <p className="text-sm text-slate-700">{t(STATUS_EXPLAINED[credential.status])}</p>
          {credential.status === 'rejected' && credential.decisionReason && (
            <p className="text-sm text-red-800">{t('credentials.item.reason', { reason: credential.decisionReason })}</p>
          )}
        </div>
        <div className="flex gap-2">
          <Button size="sm" variant="outline" onClick={() => setReplacing((open) => !open)} aria-expanded={replacing}>
            <Message id="credentials.item.replace" values={{ label }} parts={{ 0: <span className="sr-only" /> }} />
          </Button>
          <Button size="sm" variant="outline" onClick={() => setConfirming(true)}>
            <Message id="credentials.item.remove" values={{ label }} parts={{ 0: <span className="sr-only" /> }} />
          </Button>
        </div>
      </div>
      {replacing && <CredentialForm companyId={companyId} credential={credential} onDone={() => setReplacing(false)} />}
      <ConfirmDialog
        open={confirming}
        title={t('credentials.remove.title', { label })}
        description={t('credentials.remove.description')}
        confirmLabel={t('credentials.remove.confirm')}
        busyLabel={t('credentials.remove.busy')}
        isBusy={remove.isPending}
        variant="destructive"
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(credential.id, {
            onSuccess: () => {
              setConfirming(false);
              notify.success(t('credentials.remove.done'));
            },
            onError: (error) =>
              notify.error(t('credentials.remove.failed'), translateText(errorMessage(error, t('credentials.common.tryAgain')))),
          })
        }
      />
    </li>
  );
}

export function CredentialsPanel({ companyId, companyName }: { companyId: number; companyName: string }) {
  const t = useT();
  const translateText = useTranslateText();
  const credentials = useCredentials(companyId);
  const [adding, setAdding] = useState(false);
  const count = credentials.data?.credentials.length ?? 0;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ShieldCheck className="size-5 text-slate-600" aria-hidden />
          {t('credentials.panel.title')}
        </CardTitle>
        <CardDescription>{t('credentials.panel.description', { company: companyName })}</CardDescription>
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
              <LoadingList label={t('credentials.panel.loading')}>
                <Skeleton className="h-20 w-full" />
              </LoadingList>
            }
            error={
              <RetryAlert
                title={t('credentials.panel.loadFailed')}
                message={translateText(errorMessage(credentials.error, t('credentials.common.tryAgain')))}
                onRetry={() => void credentials.refetch()}
              />
            }
            empty={t('credentials.panel.empty')}
            emptyClassName="rounded-md border border-dashed border-slate-300 p-4 text-sm text-slate-700"
          >
            {(loaded) => (
              <ul className="grid gap-3" aria-label={t('credentials.panel.list')}>
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
              {t('credentials.panel.add')}
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
