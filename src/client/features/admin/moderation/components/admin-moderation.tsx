/**
 * The moderation queue: reports of one item gather in one case. Open cases first (oldest
 * first), then appealed ones and the decided. Each case shows the item in its context (the
 * listing, the review with its company, the message among its neighbours, the photo with its
 * company), who reported it and their record, the author's record and the item's history; the
 * admin keeps, hides or removes it with a reason.
 */
import { useId, useState } from 'react';
import { StarRatingDisplay } from '@/client/components/star-rating';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Card } from '@/client/components/ui/card';
import { Label } from '@/client/components/ui/label';
import { Textarea } from '@/client/components/ui/textarea';
import { errorMessage } from '@/client/lib/api';
import { formatDate, formatDateTime } from '@/client/lib/format';
import { notify } from '@/client/lib/notify';
import {
  MODERATION_CASE_STATUSES,
  MODERATION_DECISION_LABELS,
  MODERATION_REASON_LABELS,
  ModerationDecisionBodySchema,
  type ModerationCaseStatus,
  type ModerationDecision,
  type ModerationQueueCase,
} from '@/shared/schemas/moderation';
import { AdminQueue, useQueueAddress } from '../../shared/admin-queue';
import { useDecideModerationCase, useModerationQueue } from '../api/moderation-queue';

const STATUS_LABELS: Record<ModerationCaseStatus, string> = { open: 'Open', appealed: 'Appealed', decided: 'Decided' };
const STATUSES = MODERATION_CASE_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }));
const ITEM_LABELS = { company: 'Listing', review: 'Review', message: 'Message', photo: 'Photo' } as const;

function Decision({ item }: { item: ModerationQueueCase }) {
  const uid = useId();
  const decide = useDecideModerationCase();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (decision: ModerationDecision) => {
    const parsed = ModerationDecisionBodySchema.safeParse({ decision, reason });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Give the reason for the decision');
      return;
    }
    try {
      await decide.mutateAsync({ id: item.id, ...parsed.data });
      notify.success(`${MODERATION_DECISION_LABELS[decision]}`, `${ITEM_LABELS[item.itemType]} #${item.itemId}`);
    } catch (error) {
      setProblem(errorMessage(error, 'Please try again.'));
    }
  };

  return (
    <div className="grid gap-2 border-t border-slate-200 pt-3">
      <Label htmlFor={`${uid}-reason`}>Reason for the decision (told to the reporters and the author)</Label>
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
        <Button size="sm" variant="outline" disabled={decide.isPending} onClick={() => void submit('keep')}>
          Keep
        </Button>
        {/* No decision is the default one: none looks like the primary action. */}
        <Button size="sm" variant="outline" disabled={decide.isPending} onClick={() => void submit('hide')}>
          Hide
        </Button>
        <Button size="sm" variant="destructive" disabled={decide.isPending} onClick={() => void submit('remove')}>
          Remove
        </Button>
      </div>
    </div>
  );
}

function ItemInContext({ item }: { item: ModerationQueueCase }) {
  const { company, review, photo, conversation } = item.item;
  if (!item.item.exists) return <p className="text-sm text-slate-700">This item no longer exists.</p>;
  return (
    <div className="grid gap-3">
      {item.item.moderationState && (
        <p className="text-sm font-medium text-amber-800">Currently {item.item.moderationState} by a moderator.</p>
      )}
      {company && (
        <div className="rounded-md border border-slate-200 p-3 text-sm">
          <p className="font-semibold text-slate-900">
            <a href={`/companies/${company.id}`} className="text-blue-700 underline">
              {company.name}
            </a>{' '}
            <span className="font-normal text-slate-700">
              · {company.categoryName} · {company.city}, {company.state}
              {company.isActive ? '' : ' · inactive'}
            </span>
          </p>
          <StarRatingDisplay value={company.averageRating ?? 0} count={company.ratingsCount} />
          {item.itemType === 'company' && <p className="mt-1 whitespace-pre-line text-slate-700">{company.description}</p>}
        </div>
      )}
      {review && (
        <blockquote className="rounded-md border-s-4 border-slate-300 bg-slate-50 p-3 text-sm">
          <StarRatingDisplay value={review.rating} hideText />
          <p className="mt-1 whitespace-pre-line text-slate-900">{review.comment ?? '(no comment)'}</p>
          <footer className="mt-1 text-slate-700">
            {review.authorName}, <time dateTime={review.createdAt}>{formatDate(review.createdAt)}</time>
          </footer>
        </blockquote>
      )}
      {photo && (
        <figure className="text-sm">
          <img src={photo.url} alt={photo.caption ?? 'Reported photo'} className="max-h-64 rounded-md border border-slate-200" />
          {photo.caption && <figcaption className="text-slate-700">{photo.caption}</figcaption>}
        </figure>
      )}
      {conversation && (
        <div className="rounded-md border border-slate-200 p-3 text-sm">
          <p className="font-medium text-slate-900">Conversation about “{conversation.quoteName}”</p>
          <ol className="mt-2 grid gap-1.5">
            {conversation.messages.map((m) => (
              <li key={m.id} className={m.isReported ? 'rounded bg-amber-50 p-1.5 ring-1 ring-amber-300' : 'text-slate-700'}>
                <span className="font-medium text-slate-900">{m.senderName ?? 'LocalPros'}</span>
                {m.isReported ? ' (reported)' : ''}
                {': '}
                {m.message ?? ''}
                {m.hasImage ? ' [image]' : ''}
                {m.moderationState ? ` [${m.moderationState}]` : ''}
              </li>
            ))}
          </ol>
        </div>
      )}
    </div>
  );
}

function CaseCard({ item }: { item: ModerationQueueCase }) {
  return (
    <Card className="grid gap-3 p-4" aria-labelledby={`case-${item.id}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={`case-${item.id}`} className="text-base font-semibold text-slate-900">
          {ITEM_LABELS[item.itemType]} #{item.itemId} · {item.reports.length} report{item.reports.length === 1 ? '' : 's'}
        </h2>
        <Badge variant={item.status === 'decided' ? 'secondary' : 'warning'}>
          {item.status === 'decided' && item.decision ? MODERATION_DECISION_LABELS[item.decision] : STATUS_LABELS[item.status]}
        </Badge>
      </div>
      <ItemInContext item={item} />
      <section aria-label="Reports" className="text-sm">
        <h3 className="font-medium text-slate-900">Reports</h3>
        <ul className="mt-1 grid gap-1">
          {item.reports.map((r) => (
            <li key={r.id} className="text-slate-700">
              <span className="font-medium text-slate-900">{MODERATION_REASON_LABELS[r.reason]}</span> by {r.reporter.name} (
              {r.reporter.email}; {r.reporter.reportsMade} {r.reporter.reportsMade === 1 ? 'report' : 'reports'} made,{' '}
              {r.reporter.reportsUpheld} upheld) on <time dateTime={r.createdAt}>{formatDateTime(r.createdAt)}</time>
              {r.note ? ` — “${r.note}”` : ''}
            </li>
          ))}
        </ul>
      </section>
      <dl className="grid gap-1 text-sm sm:grid-cols-[10rem_1fr]">
        <dt className="font-medium text-slate-900">Author</dt>
        <dd className="text-slate-700">
          {item.author
            ? `${item.author.name} (${item.author.email}); account since ${formatDate(item.author.accountCreatedAt)}; ` +
              `${item.author.earlierHidden} other items hidden, ${item.author.earlierRemoved} removed`
            : 'Nobody (an unclaimed listing or a deleted account)'}
        </dd>
        {item.appealText && (
          <>
            <dt className="font-medium text-slate-900">Appeal</dt>
            <dd className="whitespace-pre-line text-slate-700">{item.appealText}</dd>
          </>
        )}
      </dl>
      <details className="rounded-md border border-slate-200 p-2 text-sm">
        <summary className="cursor-pointer font-medium text-slate-900">History ({item.history.length})</summary>
        <ol className="mt-2 grid gap-1">
          {item.history.map((h, i) => (
            <li key={i} className="text-slate-700">
              <time dateTime={h.createdAt}>{formatDateTime(h.createdAt)}</time> · {h.kind}
              {h.actorName ? ` by ${h.actorName}` : ''}
              {typeof h.detail.decision === 'string' ? `: ${h.detail.decision}` : ''}
              {typeof h.detail.reason === 'string' && h.kind === 'decision' ? ` — ${h.detail.reason}` : ''}
              {typeof h.detail.text === 'string' ? ` — ${h.detail.text}` : ''}
            </li>
          ))}
        </ol>
      </details>
      {item.status === 'decided' ? (
        <p className="border-t border-slate-200 pt-3 text-sm text-slate-700">
          {item.decision ? MODERATION_DECISION_LABELS[item.decision] : 'Decided'}
          {item.decidedAt ? ` on ${formatDateTime(item.decidedAt)}` : ''}: {item.decisionReason}
        </p>
      ) : (
        <Decision item={item} />
      )}
    </Card>
  );
}

export function AdminModeration() {
  const address = useQueueAddress(
    STATUSES.map((s) => s.value),
    'open',
  );
  const queue = useModerationQueue({ status: address.status, page: address.page });
  return (
    <AdminQueue
      title="Moderation"
      description="Reported listings, reviews, messages and photos. Reported items stay visible until you decide."
      address={address}
      filters={STATUSES}
      queue={queue}
      itemsOf={(loaded) => loaded.cases}
      totalOf={(loaded) => loaded.total}
      noun="cases"
      pagesLabel="Case pages"
      renderItem={(item) => <CaseCard key={item.id} item={item} />}
      listTestId="moderation-cases"
    />
  );
}
