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
import { Message, useT, useTranslateText, type MessageKey, type MessageValues } from '@/client/lib/i18n';
import { notify } from '@/client/lib/notify';
import {
  CREDENTIAL_STATUSES,
  CredentialDecisionBodySchema,
  type CredentialKind,
  type CredentialQueue,
  type CredentialStatus,
} from '@/shared/schemas/credentials';
import { AdminQueue, useQueueAddress } from '../../shared/admin-queue';
import { useCredentialQueue, useDecideCredential } from '../api/credentials';

type QueueCredential = CredentialQueue['credentials'][number];
type Translate = (key: MessageKey, values?: MessageValues) => string;
const ALL = 'all';
const KIND_LABELS: Record<CredentialKind, MessageKey> = {
  licence: 'moderation.credentials.kindLicence',
  insurance: 'moderation.credentials.kindInsurance',
};
const STATUS_LABELS: Record<CredentialStatus, MessageKey> = {
  pending: 'moderation.credentials.statusPending',
  verified: 'moderation.credentials.statusVerified',
  rejected: 'moderation.credentials.statusRejected',
  expired: 'moderation.credentials.statusExpired',
  needs_recheck: 'moderation.credentials.statusNeedsRecheck',
};
const FILTER_VALUES = [ALL, ...CREDENTIAL_STATUSES];
/** "Licence TX-M-40411" */
const credentialLabel = (credential: QueueCredential, t: Translate) =>
  t('moderation.credentials.label', { kind: t(KIND_LABELS[credential.kind]), number: credential.number });
const isStatus = (value: string | null): value is CredentialStatus => CREDENTIAL_STATUSES.includes(value as CredentialStatus);
const STATUS_VARIANTS: Record<CredentialStatus, BadgeVariant> = {
  pending: 'warning',
  verified: 'success',
  rejected: 'destructive',
  expired: 'secondary',
  needs_recheck: 'warning',
};

function Decision({ credential }: { credential: QueueCredential }) {
  const t = useT();
  const translateText = useTranslateText();
  const uid = useId();
  const decide = useDecideCredential();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const label = credentialLabel(credential, t);

  const submit = async (decision: 'verify' | 'reject') => {
    // What the admin saw: the server refuses the decision when the credential changed since.
    const parsed = CredentialDecisionBodySchema.safeParse({ decision, reason, updatedAt: credential.updatedAt });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setProblem(issue ? translateText(issue.message) : t('moderation.credentials.reasonRequired'));
      return;
    }
    try {
      await decide.mutateAsync({ id: credential.id, ...parsed.data });
      notify.success(
        t(decision === 'verify' ? 'moderation.credentials.verified' : 'moderation.credentials.rejected'),
        `${credential.companyName}: ${label}`,
      );
    } catch (error) {
      // A changed credential (a new document, a renamed company): the queue is read again (the
      // mutation refetches it either way), and the card now shows what is there to decide on.
      setProblem(
        error instanceof ApiError && error.code === 'CREDENTIAL_CHANGED'
          ? t('moderation.credentials.changed', { problem: errorMessage(error, t('moderation.credentials.changedFallback')) })
          : errorMessage(error, t('moderation.common.tryAgain')),
      );
    }
  };

  return (
    <div className="grid gap-2 border-t border-slate-200 pt-3">
      <Label htmlFor={`${uid}-reason`}>{t('moderation.credentials.reasonLabel')}</Label>
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
          <Message id="moderation.credentials.verify" values={{ label }} parts={{ 0: <span className="sr-only" /> }} />
        </Button>
        <Button size="sm" variant="outline" disabled={decide.isPending} onClick={() => void submit('reject')}>
          <Message id="moderation.credentials.reject" values={{ label }} parts={{ 0: <span className="sr-only" /> }} />
        </Button>
      </div>
    </div>
  );
}

function CredentialCard({ credential }: { credential: QueueCredential }) {
  const t = useT();
  const waiting = credential.status === 'pending' || credential.status === 'needs_recheck';
  const label = credentialLabel(credential, t);
  return (
    <Card className="grid gap-3 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="text-base font-semibold text-slate-900">{label}</h2>
          <p className="text-sm text-slate-700">
            <Link to={`/companies/${credential.companyId}`} className="text-blue-700 underline underline-offset-2">
              {credential.companyName}
            </Link>{' '}
            {credential.ownerName
              ? t('moderation.credentials.owner', { name: credential.ownerName, email: credential.ownerEmail ?? '' })
              : t('moderation.credentials.noOwner')}
          </p>
        </div>
        <Badge variant={STATUS_VARIANTS[credential.status]}>{t(STATUS_LABELS[credential.status])}</Badge>
      </div>
      <div className="grid gap-3 sm:grid-cols-[12rem_1fr]">
        <a href={credential.documentUrl} target="_blank" rel="noreferrer" className="block">
          {/* The thumbnail in the list (a page of 20 full-size scans was megabytes); the link opens the document. */}
          <img
            src={credential.documentThumbnailUrl ?? credential.documentUrl}
            alt={t('moderation.credentials.documentAlt', { label, company: credential.companyName })}
            className="max-h-48 w-full rounded border border-slate-200 bg-slate-50 object-contain"
          />
          <span className="mt-1 block text-xs text-blue-700 underline">{t('moderation.credentials.openDocument')}</span>
        </a>
        <dl className="grid h-fit gap-1 text-sm sm:grid-cols-[9rem_1fr]">
          <dt className="font-medium text-slate-900">{t('moderation.credentials.issuedBy')}</dt>
          <dd className="text-slate-700">{credential.issuer}</dd>
          <dt className="font-medium text-slate-900">{t('moderation.credentials.expires')}</dt>
          <dd className="text-slate-700">{credential.expiresOn}</dd>
          <dt className="font-medium text-slate-900">{t('moderation.credentials.submitted')}</dt>
          <dd className="text-slate-700">
            <time dateTime={credential.createdAt}>{formatDateTime(credential.createdAt)}</time>
          </dd>
          {credential.decidedAt && (
            <>
              <dt className="font-medium text-slate-900">{t('moderation.status.decided')}</dt>
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
  const t = useT();
  const address = useQueueAddress(FILTER_VALUES, ALL, ALL);
  const filters = [
    { value: ALL, label: t('moderation.credentials.all') },
    ...CREDENTIAL_STATUSES.map((status) => ({ value: status, label: t(STATUS_LABELS[status]) })),
  ];
  const queue = useCredentialQueue({ status: isStatus(address.status) ? address.status : undefined, page: address.page });
  return (
    <AdminQueue
      title={t('moderation.credentials.title')}
      description={t('moderation.credentials.description')}
      address={address}
      filters={filters}
      queue={queue}
      itemsOf={(loaded) => loaded.credentials}
      totalOf={(loaded) => loaded.total}
      noun={t('moderation.credentials.noun')}
      pagesLabel={t('moderation.credentials.pages')}
      renderItem={(credential) => <CredentialCard key={credential.id} credential={credential} />}
    />
  );
}
