/**
 * The admin queue of credentials: those waiting for a check (new, or needing a re-check after a
 * change of the company's name or owner) first, oldest first, each with its document; verified
 * with an optional note or rejected with a required reason. The rest follow, latest change first.
 */
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Badge, type BadgeVariant } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Card } from '@/client/components/ui/card';
import { Label } from '@/client/components/ui/label';
import { Textarea } from '@/client/components/ui/textarea';
import { ApiError, errorMessage } from '@/client/lib/api';
import { formatDateTime } from '@/client/lib/format';
import { notify } from '@/client/lib/notify';
import {
  CREDENTIAL_KIND_LABELS,
  CREDENTIAL_STATUS_LABELS,
  CREDENTIAL_STATUSES,
  CredentialDecisionBodySchema,
  type CredentialQueue,
  type CredentialStatus,
} from '@/shared/schemas/credentials';
import { AdminQueue, useQueueAddress } from '../../shared/admin-queue';
import { useCredentialQueue, useDecideCredential } from '../api/credentials';

type QueueCredential = CredentialQueue['credentials'][number];
const ALL = 'all';
const FILTERS = [
  { value: ALL, label: 'All, waiting first' },
  ...CREDENTIAL_STATUSES.map((status) => ({ value: status, label: CREDENTIAL_STATUS_LABELS[status] })),
];
const isStatus = (value: string | null): value is CredentialStatus => CREDENTIAL_STATUSES.includes(value as CredentialStatus);
const STATUS_VARIANTS: Record<CredentialStatus, BadgeVariant> = {
  pending: 'warning',
  verified: 'success',
  rejected: 'destructive',
  expired: 'secondary',
  needs_recheck: 'warning',
};

function Decision({ credential }: { credential: QueueCredential }) {
  const uid = useId();
  const decide = useDecideCredential();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const label = `${CREDENTIAL_KIND_LABELS[credential.kind]} ${credential.number}`;

  const submit = async (decision: 'verify' | 'reject') => {
    // What the admin saw: the server refuses the decision when the credential changed since.
    const parsed = CredentialDecisionBodySchema.safeParse({ decision, reason, updatedAt: credential.updatedAt });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Give the reason');
      return;
    }
    try {
      await decide.mutateAsync({ id: credential.id, ...parsed.data });
      notify.success(
        decision === 'verify' ? 'Credential verified' : 'Credential rejected',
        `${credential.companyName}: ${label}`,
      );
    } catch (error) {
      // A changed credential (a new document, a renamed company): the queue is read again (the
      // mutation refetches it either way), and the card now shows what is there to decide on.
      setProblem(
        error instanceof ApiError && error.code === 'CREDENTIAL_CHANGED'
          ? `${errorMessage(error, 'This credential changed.')} It now shows as it is.`
          : errorMessage(error, 'Please try again.'),
      );
    }
  };

  return (
    <div className="grid gap-2 border-t border-slate-200 pt-3">
      <Label htmlFor={`${uid}-reason`}>Reason (required to reject)</Label>
      <Textarea
        id={`${uid}-reason`}
        value={reason}
        maxLength={1000}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${uid}-problem` : undefined}
        onChange={(event) => {
          setReason(event.target.value);
          setProblem(null);
        }}
      />
      {problem && (
        <p id={`${uid}-problem`} role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button size="sm" disabled={decide.isPending} onClick={() => void submit('verify')}>
          Verify<span className="sr-only"> {label}</span>
        </Button>
        <Button size="sm" variant="outline" disabled={decide.isPending} onClick={() => void submit('reject')}>
          Reject<span className="sr-only"> {label}</span>
        </Button>
      </div>
    </div>
  );
}

function CredentialCard({ credential }: { credential: QueueCredential }) {
  const waiting = credential.status === 'pending' || credential.status === 'needs_recheck';
  const label = `${CREDENTIAL_KIND_LABELS[credential.kind]} ${credential.number}`;
  return (
    <Card className="grid gap-3 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="text-base font-semibold text-slate-900">{label}</h2>
          <p className="text-sm text-slate-700">
            <Link to={`/companies/${credential.companyId}`} className="text-blue-700 underline underline-offset-2">
              {credential.companyName}
            </Link>
            {credential.ownerName ? ` · owner ${credential.ownerName} (${credential.ownerEmail ?? ''})` : ' · no owner'}
          </p>
        </div>
        <Badge variant={STATUS_VARIANTS[credential.status]}>{CREDENTIAL_STATUS_LABELS[credential.status]}</Badge>
      </div>
      <div className="grid gap-3 sm:grid-cols-[12rem_1fr]">
        <a href={credential.documentUrl} target="_blank" rel="noreferrer" className="block">
          {/* The thumbnail in the list (a page of 20 full-size scans was megabytes); the link opens the document. */}
          <img
            src={credential.documentThumbnailUrl ?? credential.documentUrl}
            alt={`Document of ${label}, ${credential.companyName}`}
            className="max-h-48 w-full rounded border border-slate-200 bg-slate-50 object-contain"
          />
          <span className="mt-1 block text-xs text-blue-700 underline">Open the document</span>
        </a>
        <dl className="grid h-fit gap-1 text-sm sm:grid-cols-[9rem_1fr]">
          <dt className="font-medium text-slate-900">Issued by</dt>
          <dd className="text-slate-700">{credential.issuer}</dd>
          <dt className="font-medium text-slate-900">Expires</dt>
          <dd className="text-slate-700">{credential.expiresOn}</dd>
          <dt className="font-medium text-slate-900">Submitted</dt>
          <dd className="text-slate-700">
            <time dateTime={credential.createdAt}>{formatDateTime(credential.createdAt)}</time>
          </dd>
          {credential.decidedAt && (
            <>
              <dt className="font-medium text-slate-900">Decided</dt>
              <dd className="text-slate-700">
                <time dateTime={credential.decidedAt}>{formatDateTime(credential.decidedAt)}</time>
                {credential.decisionReason ? `: ${credential.decisionReason}` : ''}
              </dd>
            </>
          )}
        </dl>
      </div>
      {waiting && <Decision credential={credential} />}
    </Card>
  );
}

export function AdminCredentials() {
  const address = useQueueAddress(
    FILTERS.map((filter) => filter.value),
    ALL,
    ALL,
  );
  const queue = useCredentialQueue({ status: isStatus(address.status) ? address.status : undefined, page: address.page });
  return (
    <AdminQueue
      title="Credentials"
      description="Licences and insurances companies submitted. Verified ones show as badges until they expire; a change of a company's name or owner brings them back here."
      address={address}
      filters={FILTERS}
      queue={queue}
      itemsOf={(loaded) => loaded.credentials}
      totalOf={(loaded) => loaded.total}
      noun="credentials"
      pagesLabel="Credential pages"
      renderItem={(credential) => <CredentialCard key={credential.id} credential={credential} />}
    />
  );
}
