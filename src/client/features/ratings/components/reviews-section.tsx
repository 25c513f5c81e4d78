import BadgeCheck from 'lucide-react/icons/badge-check';
import MessageSquareReply from 'lucide-react/icons/message-square-reply';
import Pencil from 'lucide-react/icons/pencil';
import ShieldAlert from 'lucide-react/icons/shield-exclamation-point';
import Trash2 from 'lucide-react/icons/trash';
import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Skeleton } from '@/client/components/ui/skeleton';
import { StarRatingDisplay } from '@/client/components/star-rating';
import { errorMessage } from '@/client/lib/api';
import { useAuthDialogs } from '@/client/lib/auth-dialog-state';
import { useCurrentUser } from '@/client/lib/current-user';
import { ModeratedItemNotice } from '@/client/entities/moderation/moderated-item-notice';
import { useMyModeratedItems } from '@/client/entities/moderation/moderation-api';
import { ReportButton } from '@/client/entities/moderation/report-button';
import { formatDate } from '@/client/lib/format';
import { Message, useT } from '@/client/lib/i18n';
import { notify } from '@/client/lib/notify';
import type { Company } from '@/shared/schemas/company';
import type { Rating } from '@/shared/schemas/rating';
import { useCanRate, useCompanyRatings, useDeleteOwnerReply, useDeleteRating } from '../api/ratings';
import { reviewerName } from './review-text';

/* The forms bring react-hook-form and zod: fetched when one opens (or is about to, on hover/focus). */
const loadForms = () => import('./review-forms');
const ReviewForm = lazy(() => loadForms().then((m) => ({ default: m.ReviewForm })));
const OwnerReplyForm = lazy(() => loadForms().then((m) => ({ default: m.OwnerReplyForm })));
const preloadForms = () => void loadForms().catch(() => undefined);

function FormSkeleton({ label, className }: { label: string; className: string }) {
  return (
    <div aria-busy="true">
      <span role="status" className="sr-only">
        {label}
      </span>
      <Skeleton aria-hidden="true" className={className} />
    </div>
  );
}

function DateStamp({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} className="text-xs text-slate-600">
      {formatDate(iso, 'long')}
    </time>
  );
}

/** For a signed-in user: review after requesting a quote (only its customers review a business); edit or delete one's own. */
function ReviewComposer({ company, myReview }: { company: Company; myReview?: Rating }) {
  const t = useT();
  // The quote page's review prompt links here with ?review=write: the form is open on arrival.
  const [searchParams] = useSearchParams();
  const [mode, setMode] = useState<'closed' | 'open'>(!myReview && searchParams.get('review') === 'write' ? 'open' : 'closed');
  const canRate = useCanRate(company.id, true);
  const remove = useDeleteRating(company.id);

  if (mode === 'open') {
    return (
      <Suspense fallback={<FormSkeleton label={t('ratings.composer.loadingForm')} className="h-72" />}>
        <ReviewForm company={company} existing={myReview} onDone={() => setMode('closed')} />
      </Suspense>
    );
  }

  if (myReview) {
    const onDelete = async () => {
      if (!window.confirm(t('ratings.composer.confirmDelete'))) return;
      try {
        await remove.mutateAsync(myReview.id);
        notify.success(t('ratings.composer.deleted'), t('ratings.composer.deletedDetail'));
      } catch (error) {
        notify.error(t('ratings.composer.deleteFailed'), t('common.feedback.tryLater'));
        console.warn('review not deleted', error);
      }
    };
    return (
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4">
        <p className="text-sm text-slate-700">{t('ratings.composer.reviewed')}</p>
        <div className="flex gap-2">
          <EditDeleteButtons
            editLabel={t('ratings.composer.editReview')}
            deleteLabel={t('ratings.composer.deleteReview')}
            onEdit={() => setMode('open')}
            onDelete={onDelete}
            deleting={remove.isPending}
          />
        </div>
      </div>
    );
  }

  if (canRate.isPending) return <Skeleton className="h-10 w-40" />;
  // A failed check does not block the form: the server has the final word (403 → toast).
  if (canRate.data?.canRate === false) {
    return (
      <p className="rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm text-slate-700">
        {t('ratings.composer.needsQuote')}
      </p>
    );
  }
  return (
    <div>
      <Button onClick={() => setMode('open')} onPointerEnter={preloadForms} onFocus={preloadForms}>
        {t('ratings.composer.write')}
      </Button>
    </div>
  );
}

/* ───────────────────────────── owner replies ───────────────────────────── */

function OwnerReplyActions({ companyId, rating }: { companyId: number; rating: Rating }) {
  const t = useT();
  const [editing, setEditing] = useState(false);
  const remove = useDeleteOwnerReply(companyId);

  if (editing) {
    return (
      <Suspense fallback={<FormSkeleton label={t('ratings.reply.loadingForm')} className="mt-3 h-32" />}>
        <OwnerReplyForm companyId={companyId} rating={rating} onDone={() => setEditing(false)} />
      </Suspense>
    );
  }

  const onDelete = async () => {
    if (!window.confirm(t('ratings.reply.confirmDelete'))) return;
    try {
      await remove.mutateAsync(rating.id);
      notify.success(t('ratings.reply.deleted'));
    } catch (err) {
      notify.error(t('ratings.reply.deleteFailed'), errorMessage(err, t('common.feedback.tryLater')));
      console.warn('reply not deleted', err);
    }
  };

  return (
    <div className="mt-3 flex flex-wrap gap-2">
      {rating.ownerReply ? (
        <>
          <EditDeleteButtons
            editLabel={t('ratings.reply.edit')}
            deleteLabel={t('ratings.reply.delete')}
            onEdit={() => setEditing(true)}
            onDelete={onDelete}
            deleting={remove.isPending}
          />
        </>
      ) : (
        <Button variant="outline" size="sm" onClick={() => setEditing(true)} onPointerEnter={preloadForms} onFocus={preloadForms}>
          <MessageSquareReply aria-hidden />
          <Message
            id="ratings.reply.replyTo"
            values={{ name: reviewerName(rating.user) }}
            parts={{ 0: <span className="sr-only" /> }}
          />
        </Button>
      )}
    </div>
  );
}

/* ───────────────────────────── list ───────────────────────────── */

/** A review by a customer who hired the company here: the job's category and the month of the hire. */
function HiredBadge({ hired }: { hired: NonNullable<Rating['hired']> }) {
  const t = useT();
  const job = [hired.categoryName, formatDate(hired.hiredAt, 'month')].filter(Boolean).join(' · ');
  return (
    <p className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-700">
      <Badge variant="success">
        <BadgeCheck aria-hidden />
        {t('ratings.review.hiredThrough')}
      </Badge>
      {job && <span>{job}</span>}
    </p>
  );
}

function ReviewItem({
  rating,
  company,
  isOwner,
  isAuthor,
}: {
  rating: Rating;
  company: Company;
  isOwner: boolean;
  isAuthor: boolean;
}) {
  const t = useT();
  return (
    <li className="border-b border-slate-200 py-4 last:border-b-0">
      <article aria-label={t('ratings.review.label', { name: reviewerName(rating.user) })}>
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
          <p className="font-semibold text-slate-900">{reviewerName(rating.user)}</p>
          <DateStamp iso={rating.createdAt} />
        </div>
        <StarRatingDisplay value={rating.rating} size={16} className="mt-1" />
        {rating.hired && <HiredBadge hired={rating.hired} />}
        {rating.comment && <p className="mt-2 whitespace-pre-line break-words text-sm text-slate-800">{rating.comment}</p>}
        {rating.editedByAdminAt && (
          <p className="mt-2 flex items-center gap-1 text-xs text-slate-600">
            <ShieldAlert className="size-3.5" aria-hidden />
            {t('ratings.review.editedByAdmin')}
          </p>
        )}
        {rating.ownerReply && (
          <div className="ms-4 mt-3 border-s-2 border-blue-200 bg-blue-50/60 py-2 ps-4 pe-3 sm:ms-6">
            <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
              <p className="text-sm font-semibold text-slate-900">{t('ratings.review.responseFrom', { name: company.name })}</p>
              {rating.ownerReplyAt && <DateStamp iso={rating.ownerReplyAt} />}
            </div>
            <p className="mt-1 whitespace-pre-line break-words text-sm text-slate-800">{rating.ownerReply}</p>
          </div>
        )}
        {isOwner && <OwnerReplyActions companyId={company.id} rating={rating} />}
        {/* A reported review stays up until a moderator decides; its author cannot report it. */}
        {!isAuthor && (
          <ReportButton
            compact
            className="mt-2"
            itemType="review"
            itemId={rating.id}
            label={t('ratings.review.reportLabel', { name: reviewerName(rating.user) })}
          />
        )}
      </article>
    </li>
  );
}

function ReviewListSkeleton() {
  return (
    <div aria-hidden="true" className="grid gap-4">
      {[0, 1, 2].map((i) => (
        <div key={i} className="grid gap-2 border-b border-slate-200 pb-4 last:border-b-0">
          <Skeleton className="h-4 w-32" />
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-4 w-full" />
        </div>
      ))}
    </div>
  );
}

/* ───────────────────────────── section ───────────────────────────── */

/** Ratings & Reviews of the company page. Anchor: #reviews. */
export function ReviewsSection({ company }: { company: Company }) {
  const t = useT();
  const headingId = useId();
  const { openDialog } = useAuthDialogs();
  const { data: user, isPending: userPending } = useCurrentUser();
  const ratings = useCompanyRatings(company.id);
  const isOwner = !!user && company.ownerId === user.id;
  const myReview = user ? ratings.data?.find((r) => r.userId === user.id) : undefined;
  // Only a customer who requested a quote from the business can have reviewed it, so only they
  // (or one whose review is listed) ask for their moderated items: a hidden review is not listed.
  // The composer asks whether they may review anyway; the answer is shared.
  const canRate = useCanRate(company.id, !!user && !isOwner);
  const mayHaveReview = !!myReview || canRate.data?.canRate === true;
  const moderated = useMyModeratedItems(mayHaveReview);
  // A review of theirs a moderator hid still exists: no second review can be written.
  const hasHiddenReview = !!moderated.data?.some((item) => item.itemType === 'review' && item.companyId === company.id);
  const hasRatings = company.ratingsCount > 0 && company.averageRating !== null;

  let composer: ReactNode = null;
  if (!userPending && !user) {
    composer = (
      <div>
        <Button variant="outline" onClick={() => openDialog('login')}>
          {t('ratings.section.logInToReview')}
        </Button>
      </div>
    );
  } else if (user && isOwner) {
    // The server refuses reviews of one's own business; owners answer reviews instead.
    composer = (
      <p className="rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm text-slate-700">
        {t('ratings.section.ownerNote')}
      </p>
    );
  } else if (user && !ratings.isPending && !hasHiddenReview) {
    // Wait for the list: it tells whether this user already has a review (Edit/Delete) or not;
    // and for their moderated items once asked for (a hidden review: no composer), as the
    // composer waits for its answer.
    composer = moderated.isLoading ? (
      <Skeleton className="h-10 w-40" />
    ) : (
      <ReviewComposer company={company} myReview={myReview} />
    );
  }

  return (
    <section id="reviews" aria-labelledby={headingId} className="scroll-mt-24">
      <Card>
        <CardHeader className="gap-3">
          <CardTitle id={headingId}>{t('ratings.section.title')}</CardTitle>
          <div className="flex flex-wrap items-center gap-3">
            {hasRatings && (
              <span className="text-3xl font-bold text-slate-900" aria-hidden="true">
                {company.averageRating!.toFixed(1)}
              </span>
            )}
            <div>
              <StarRatingDisplay value={company.averageRating} size={20} hideText />
              <p className="mt-0.5 text-sm text-slate-700">
                {hasRatings ? t('ratings.section.basedOn', { count: company.ratingsCount }) : t('ratings.section.noRatings')}
              </p>
            </div>
          </div>
        </CardHeader>
        <CardContent className="grid gap-4">
          {/* The author's own review a moderator hid: gone from the list, its reason and appeal here. */}
          {mayHaveReview && <ModeratedItemNotice itemType="review" companyId={company.id} />}
          {composer}

          {ratings.isPending ? (
            <>
              <span role="status" className="sr-only">
                {t('ratings.section.loading')}
              </span>
              <ReviewListSkeleton />
            </>
          ) : ratings.isError ? (
            <p role="alert" className="text-sm text-red-700">
              {t('ratings.section.loadFailed')}
            </p>
          ) : ratings.data.length === 0 ? (
            <p className="text-sm text-slate-700">{t('ratings.section.empty')}</p>
          ) : (
            <ul aria-label={t('ratings.section.listLabel')}>
              {ratings.data.map((rating) => (
                <ReviewItem
                  key={rating.id}
                  rating={rating}
                  company={company}
                  isOwner={isOwner}
                  isAuthor={!!user && rating.userId === user.id}
                />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </section>
  );
}

/** Edit and Delete for one's own review or reply; Edit starts loading the form code early. */
function EditDeleteButtons(props: {
  editLabel: string;
  deleteLabel: string;
  onEdit(): void;
  onDelete(): void;
  deleting: boolean;
}) {
  const t = useT();
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        onClick={props.onEdit}
        onPointerEnter={preloadForms}
        onFocus={preloadForms}
        disabled={props.deleting}
      >
        <Pencil aria-hidden />
        {props.editLabel}
      </Button>
      <Button
        variant="outline"
        size="sm"
        onClick={props.onDelete}
        disabled={props.deleting}
        className="text-red-700 hover:bg-red-50"
      >
        <Trash2 aria-hidden />
        {props.deleting ? t('common.actions.deleting') : props.deleteLabel}
      </Button>
    </>
  );
}
