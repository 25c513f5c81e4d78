/**
 * The review and owner-reply forms (react-hook-form + zod): a chunk of their own, fetched when a
 * form opens, so that the company page does not load them before interaction.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/client/components/ui/button';
import { fieldA11y, FormField } from '@/client/components/ui/form-field';
import { Textarea } from '@/client/components/ui/textarea';
import { StarRatingInput } from '@/client/components/star-rating';
import { ApiError, errorMessage } from '@/client/lib/api';
import { notify } from '@/client/lib/notify';
import type { Company } from '@/shared/schemas/company';
import {
  OwnerReplyBodySchema,
  RatingBodySchema,
  type OwnerReplyBody,
  type Rating,
  type RatingBody,
} from '@/shared/schemas/rating';
import { useCreateRating, useSaveOwnerReply, useUpdateRating } from '../api/ratings';
import { reviewerName, TRY_LATER } from './review-text';

/* ───────────────────────────── review form ───────────────────────────── */

type RatingFormInput = z.input<typeof RatingBodySchema>;

export function ReviewForm({ company, existing, onDone }: { company: Company; existing?: Rating; onDone(): void }) {
  const uid = useId();
  const create = useCreateRating(company.id);
  const update = useUpdateRating(company.id);
  const form = useForm<RatingFormInput, unknown, RatingBody>({
    resolver: zodResolver(RatingBodySchema),
    defaultValues: { rating: existing?.rating, comment: existing?.comment ?? '' },
  });
  const { errors, isSubmitting } = form.formState;
  const ratingError = errors.rating?.message;
  const commentError = errors.comment?.message;

  // Opening the form puts the keyboard on the stars, the first thing to fill in.
  useEffect(() => form.setFocus('rating'), [form]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      if (existing) {
        await update.mutateAsync({ id: existing.id, ...values });
        notify.success('Review updated', 'Your review has been updated.');
      } else {
        await create.mutateAsync(values);
        notify.success('Review submitted', 'Thank you for your feedback!');
      }
      onDone();
    } catch (error) {
      // The server refuses reviews of businesses the user never asked for a quote.
      if (error instanceof ApiError && error.code === 'REVIEW_NEEDS_QUOTE') {
        notify.error('Quote required to review', 'You must request a quote from this business before you can leave a review.');
      } else {
        // Past the review limit the server says when to try again, which beats "later".
        const isLimited = error instanceof ApiError && error.code === 'RATE_LIMITED';
        notify.error(
          existing ? 'Error updating rating' : 'Error submitting rating',
          isLimited ? errorMessage(error, TRY_LATER) : TRY_LATER,
        );
      }
      console.warn('review not saved', error);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 rounded-lg border border-slate-200 bg-slate-50 p-4">
      <h3 className="text-base font-semibold text-slate-900">{existing ? 'Edit Your Review' : 'Write a Review'}</h3>
      <div className="flex flex-col gap-1.5">
        {/* A slider is named by aria-labelledby; <label for> does not name a div. */}
        <span id={`${uid}-rating-label`} className="text-sm font-medium text-slate-800">
          Your rating
        </span>
        <Controller
          control={form.control}
          name="rating"
          render={({ field }) => (
            <StarRatingInput
              id={`${uid}-rating`}
              ref={field.ref}
              value={typeof field.value === 'number' ? field.value : null}
              onChange={field.onChange}
              onBlur={field.onBlur}
              disabled={isSubmitting}
              aria-labelledby={`${uid}-rating-label`}
              aria-describedby={ratingError ? `${uid}-rating-error` : `${uid}-rating-hint`}
              aria-invalid={ratingError ? true : undefined}
            />
          )}
        />
        {ratingError ? (
          <p id={`${uid}-rating-error`} role="alert" className="text-sm text-red-700">
            {ratingError}
          </p>
        ) : (
          <p id={`${uid}-rating-hint`} className="text-xs text-slate-600">
            Click a star to rate; click it again for a half star. Arrow keys change the rating by half a star.
          </p>
        )}
      </div>
      <FormField id={`${uid}-comment`} label="Comment (optional)" error={commentError}>
        <Textarea
          {...fieldA11y(`${uid}-comment`, commentError)}
          rows={4}
          maxLength={2000}
          placeholder="Share details of your experience"
          disabled={isSubmitting}
          {...form.register('comment')}
        />
      </FormField>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onDone} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Submitting...' : existing ? 'Update Review' : 'Submit Review'}
        </Button>
      </div>
    </form>
  );
}

export function OwnerReplyForm({ companyId, rating, onDone }: { companyId: number; rating: Rating; onDone(): void }) {
  const uid = useId();
  const save = useSaveOwnerReply(companyId);
  const form = useForm<OwnerReplyBody>({
    resolver: zodResolver(OwnerReplyBodySchema),
    defaultValues: { reply: rating.ownerReply ?? '' },
  });
  const error = form.formState.errors.reply?.message;
  const busy = form.formState.isSubmitting;

  useEffect(() => form.setFocus('reply'), [form]);

  const onSubmit = form.handleSubmit(async ({ reply }) => {
    try {
      await save.mutateAsync({ id: rating.id, reply });
      notify.success('Reply saved', 'Your response is now shown under the review.');
      onDone();
    } catch (err) {
      notify.error('Error saving reply', errorMessage(err, TRY_LATER));
      console.warn('reply not saved', err);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="mt-3 grid gap-2">
      <FormField id={`${uid}-reply`} label={`Your reply to ${reviewerName(rating.user)}`} error={error}>
        <Textarea {...fieldA11y(`${uid}-reply`, error)} rows={3} maxLength={2000} disabled={busy} {...form.register('reply')} />
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={busy}>
          {busy ? 'Saving...' : 'Save Reply'}
        </Button>
        <Button variant="outline" size="sm" onClick={onDone} disabled={busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
