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
import { DECISION_LABELS, ITEM_TYPE_LABELS, REASON_LABELS } from '@/client/entities/moderation/moderation-labels';
import { errorMessage } from '@/client/lib/api';
import { formatDate, formatDateTime } from '@/client/lib/format';
import { Message, useT, useTranslateText, type MessageKey } from '@/client/lib/i18n';
import { notify } from '@/client/lib/notify';
import { useBrand } from '@/client/lib/brand';
import {
  MODERATION_CASE_STATUSES,
  ModerationDecisionBodySchema,
  type ModerationCaseStatus,
  type ModerationDecision,
  type ModerationQueueCase,
} from '@/shared/schemas/moderation';
import { AdminQueue, useQueueAddress } from '../../shared/admin-queue';
import { useDecideModerationCase, useModerationQueue } from '../api/moderation-queue';

const STATUS_LABELS: Record<ModerationCaseStatus, MessageKey> = {
  open: 'moderation.queue.statusOpen',
  appealed: 'moderation.queue.statusAppealed',
  decided: 'moderation.status.decided',
};
type ModerationState = 'hidden' | 'removed';
const CURRENT_STATE: Record<ModerationState, MessageKey> = {
  hidden: 'moderation.context.currentlyHidden',
  removed: 'moderation.context.currentlyRemoved',
};
const STATE_MARK: Record<ModerationState, MessageKey> = {
  hidden: 'moderation.context.hiddenMark',
  removed: 'moderation.context.removedMark',
};
const HISTORY_KINDS: Record<ModerationQueueCase['history'][number]['kind'], MessageKey> = {
  report: 'moderation.history.report',
  decision: 'moderation.history.decision',
  appeal: 'moderation.history.appeal',
  edit: 'moderation.history.edit',
};
/** A decision as the admin took it ("hide"), in the history. */
const DECISION_VERBS: Record<ModerationDecision, MessageKey> = {
  keep: 'moderation.history.keep',
  hide: 'moderation.history.hide',
  remove: 'moderation.history.remove',
};
const isDecision = (value: string): value is ModerationDecision => Object.hasOwn(DECISION_VERBS, value);

function Decision({ item }: { item: ModerationQueueCase }) {
  const t = useT();
  const translateText = useTranslateText();
  const uid = useId();
  const decide = useDecideModerationCase();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (decision: ModerationDecision) => {
    const parsed = ModerationDecisionBodySchema.safeParse({ decision, reason });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setProblem(issue ? translateText(issue.message) : t('moderation.decision.reasonRequired'));
      return;
    }
    try {
      await decide.mutateAsync({ id: item.id, ...parsed.data });
      notify.success(
        t(DECISION_LABELS[decision]),
        t('moderation.queue.itemNumber', { item: t(ITEM_TYPE_LABELS[item.itemType]), id: String(item.itemId) }),
      );
    } catch (error) {
      setProblem(errorMessage(error, t('moderation.common.tryAgain')));
    }
  };

  return (
    <div className="grid gap-2 border-t border-slate-200 pt-3">
      <Label htmlFor={`${uid}-reason`}>{t('moderation.decision.reasonLabel')}</Label>
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
          {t('moderation.decision.keep')}
        </Button>
        {/* No decision is the default one: none looks like the primary action. */}
        <Button size="sm" variant="outline" disabled={decide.isPending} onClick={() => void submit('hide')}>
          {t('moderation.decision.hide')}
        </Button>
        <Button size="sm" variant="destructive" disabled={decide.isPending} onClick={() => void submit('remove')}>
          {t('moderation.decision.remove')}
        </Button>
      </div>
    </div>
  );
}

function ItemInContext({ item }: { item: ModerationQueueCase }) {
  const t = useT();
  const brand = useBrand();
  const { company, review, photo, conversation } = item.item;
  if (!item.item.exists) return <p className="text-sm text-slate-700">{t('moderation.context.gone')}</p>;
  return (
    <div className="grid gap-3">
      {item.item.moderationState && (
        <p className="text-sm font-medium text-amber-800">{t(CURRENT_STATE[item.item.moderationState])}</p>
      )}
      {company && (
        <div className="rounded-md border border-slate-200 p-3 text-sm">
          <p className="font-semibold text-slate-900">
            <a href={`/companies/${company.id}`} className="text-blue-700 underline">
              {company.name}
            </a>{' '}
            <span className="font-normal text-slate-700">
              {t(company.isActive ? 'moderation.context.companyPlace' : 'moderation.context.companyPlaceInactive', {
                category: company.categoryName,
                city: company.city,
                state: company.state,
              })}
            </span>
          </p>
          <StarRatingDisplay value={company.averageRating ?? 0} count={company.ratingsCount} />
          {item.itemType === 'company' && <p className="mt-1 whitespace-pre-line text-slate-700">{company.description}</p>}
        </div>
      )}
      {review && (
        <blockquote className="rounded-md border-s-4 border-slate-300 bg-slate-50 p-3 text-sm">
          <StarRatingDisplay value={review.rating} hideText />
          <p className="mt-1 whitespace-pre-line text-slate-900">{review.comment ?? t('moderation.context.noComment')}</p>
          <footer className="mt-1 text-slate-700">
            <Message
              id="moderation.context.reviewBy"
              values={{ author: review.authorName, date: formatDate(review.createdAt) }}
              parts={{ 0: <time dateTime={review.createdAt} /> }}
            />
          </footer>
        </blockquote>
      )}
      {photo && (
        <figure className="text-sm">
          <img
            src={photo.url}
            alt={photo.caption ?? t('moderation.context.reportedPhoto')}
            className="max-h-64 rounded-md border border-slate-200"
          />
          {photo.caption && <figcaption className="text-slate-700">{photo.caption}</figcaption>}
        </figure>
      )}
      {conversation && (
        <div className="rounded-md border border-slate-200 p-3 text-sm">
          <p className="font-medium text-slate-900">{t('moderation.context.conversation', { quote: conversation.quoteName })}</p>
          <ol className="mt-2 grid gap-1.5">
            {conversation.messages.map((m) => (
              <li key={m.id} className={m.isReported ? 'rounded bg-amber-50 p-1.5 ring-1 ring-amber-300' : 'text-slate-700'}>
                <span className="font-medium text-slate-900">{m.senderName ?? brand.name}</span>
                {m.isReported ? ` ${t('moderation.context.reportedMark')}` : ''}
                {': '}
                {m.message ?? ''}
                {m.hasImage ? ` ${t('moderation.context.imageMark')}` : ''}
                {m.moderationState ? ` ${t(STATE_MARK[m.moderationState])}` : ''}
              </li>
            ))}
          </ol>
        </div>
      )}
    </div>
  );
}

function CaseCard({ item }: { item: ModerationQueueCase }) {
  const t = useT();
  const outcome = item.decision ? t(DECISION_LABELS[item.decision]) : t('moderation.status.decided');
  return (
    <Card className="grid gap-3 p-4" aria-labelledby={`case-${item.id}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={`case-${item.id}`} className="text-base font-semibold text-slate-900">
          {t('moderation.case.heading', {
            item: t(ITEM_TYPE_LABELS[item.itemType]),
            id: String(item.itemId),
            count: item.reports.length,
          })}
        </h2>
        <Badge variant={item.status === 'decided' ? 'secondary' : 'warning'}>
          {item.status === 'decided' && item.decision ? t(DECISION_LABELS[item.decision]) : t(STATUS_LABELS[item.status])}
        </Badge>
      </div>
      <ItemInContext item={item} />
      <section aria-label={t('moderation.case.reports')} className="text-sm">
        <h3 className="font-medium text-slate-900">{t('moderation.case.reports')}</h3>
        <ul className="mt-1 grid gap-1">
          {item.reports.map((r) => (
            <li key={r.id} className="text-slate-700">
              <Message
                id={r.note ? 'moderation.case.reportWithNote' : 'moderation.case.report'}
                values={{
                  reason: t(REASON_LABELS[r.reason]),
                  name: r.reporter.name,
                  email: r.reporter.email,
                  made: r.reporter.reportsMade,
                  upheld: r.reporter.reportsUpheld,
                  date: formatDateTime(r.createdAt),
                  note: r.note,
                }}
                parts={{ 0: <span className="font-medium text-slate-900" />, 1: <time dateTime={r.createdAt} /> }}
              />
            </li>
          ))}
        </ul>
      </section>
      <dl className="grid gap-1 text-sm sm:grid-cols-[10rem_1fr]">
        <dt className="font-medium text-slate-900">{t('moderation.case.author')}</dt>
        <dd className="text-slate-700">
          {item.author
            ? t('moderation.case.authorRecord', {
                name: item.author.name,
                email: item.author.email,
                since: formatDate(item.author.accountCreatedAt),
                hidden: item.author.earlierHidden,
                removed: item.author.earlierRemoved,
              })
            : t('moderation.case.noAuthor')}
        </dd>
        {item.appealText && (
          <>
            <dt className="font-medium text-slate-900">{t('moderation.case.appeal')}</dt>
            <dd className="whitespace-pre-line text-slate-700">{item.appealText}</dd>
          </>
        )}
      </dl>
      <details className="rounded-md border border-slate-200 p-2 text-sm">
        <summary className="cursor-pointer font-medium text-slate-900">
          {t('moderation.case.history', { count: item.history.length })}
        </summary>
        <ol className="mt-2 grid gap-1">
          {item.history.map((h, i) => (
            <li key={i} className="text-slate-700">
              <Message
                id={h.actorName ? 'moderation.history.eventBy' : 'moderation.history.event'}
                values={{ date: formatDateTime(h.createdAt), kind: t(HISTORY_KINDS[h.kind]), actor: h.actorName }}
                parts={{ 0: <time dateTime={h.createdAt} /> }}
              />
              {typeof h.detail.decision === 'string'
                ? `: ${isDecision(h.detail.decision) ? t(DECISION_VERBS[h.detail.decision]) : h.detail.decision}`
                : ''}
              {typeof h.detail.reason === 'string' && h.kind === 'decision' ? ` — ${h.detail.reason}` : ''}
              {typeof h.detail.text === 'string' ? ` — ${h.detail.text}` : ''}
            </li>
          ))}
        </ol>
      </details>
      {item.status === 'decided' ? (
        <p className="border-t border-slate-200 pt-3 text-sm text-slate-700">
          {item.decidedAt
            ? t('moderation.common.decidedOn', { outcome, date: formatDateTime(item.decidedAt), reason: item.decisionReason })
            : t('moderation.common.decided', { outcome, reason: item.decisionReason })}
        </p>
      ) : (
        <Decision item={item} />
      )}
    </Card>
  );
}

export function AdminModeration() {
  const t = useT();
  const address = useQueueAddress(MODERATION_CASE_STATUSES, 'open');
  const statuses = MODERATION_CASE_STATUSES.map((value) => ({ value, label: t(STATUS_LABELS[value]) }));
  const queue = useModerationQueue({ status: address.status, page: address.page });
  return (
    <AdminQueue
      title={t('moderation.queue.title')}
      description={t('moderation.queue.description')}
      address={address}
      filters={statuses}
      queue={queue}
      itemsOf={(loaded) => loaded.cases}
      totalOf={(loaded) => loaded.total}
      noun={t('moderation.queue.noun')}
      pagesLabel={t('moderation.queue.pages')}
      renderItem={(item) => <CaseCard key={item.id} item={item} />}
      listTestId="moderation-cases"
    />
  );
}
