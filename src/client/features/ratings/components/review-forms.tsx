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
import { useT, useTranslateText } from '@/client/lib/i18n';
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
import { reviewerName } from './review-text';

/* ───────────────────────────── review form ───────────────────────────── */

type RatingFormInput = z.input<typeof RatingBodySchema>;

export function ReviewForm({ company, existing, onDone }: { company: Company; existing?: Rating; onDone(): void }) {
  const t = useT();
  const translateText = useTranslateText();
  const uid = useId();
  const create = useCreateRating(company.id);
  const update = useUpdateRating(company.id);
  const form = useForm<RatingFormInput, unknown, RatingBody>({
    resolver: zodResolver(RatingBodySchema),
    defaultValues: { rating: existing?.rating, comment: existing?.comment ?? '' },
  });
  const { errors, isSubmitting } = form.formState;
  // The rules are the shared schema's: their refusals are found in the page's words by their own.
  const ratingError = errors.rating?.message ? translateText(errors.rating.message) : undefined;
  const commentError = errors.comment?.message ? translateText(errors.comment.message) : undefined;

  // Opening the form puts the keyboard on the stars, the first thing to fill in.
  useEffect(() => form.setFocus('rating'), [form]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      if (existing) {
        await update.mutateAsync({ id: existing.id, ...values });
        notify.success(t('ratings.form.updated'), t('ratings.form.updatedDetail'));
      } else {
        await create.mutateAsync(values);
        notify.success(t('ratings.form.submitted'), t('ratings.form.submittedDetail'));
      }
      onDone();
    } catch (error) {
      // The server refuses reviews of businesses the user never asked for a quote.
      if (error instanceof ApiError && error.code === 'REVIEW_NEEDS_QUOTE') {
        notify.error(t('ratings.form.quoteRequired'), t('ratings.form.quoteRequiredDetail'));
      } else {
        // Past the review limit the server says when to try again, which beats "later".
        const isLimited = error instanceof ApiError && error.code === 'RATE_LIMITED';
        const tryLater = t('common.feedback.tryLater');
        notify.error(
          existing ? t('ratings.form.updateFailed') : t('ratings.form.submitFailed'),
          isLimited ? errorMessage(error, tryLater) : tryLater,
        );
      }
      console.warn('review not saved', error);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 rounded-lg border border-slate-200 bg-slate-50 p-4">
      <h3 className="text-base font-semibold text-slate-900">
        {existing ? t('ratings.form.editTitle') : t('ratings.form.writeTitle')}
      </h3>
      <div className="flex flex-col gap-1.5">
        {/* A slider is named by aria-labelledby; <label for> does not name a div. */}
        <span id={`${uid}-rating-label`} className="text-sm font-medium text-slate-800">
          {t('ratings.form.ratingLabel')}
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
            {t('ratings.form.ratingHint')}
          </p>
        )}
      </div>
      <FormField id={`${uid}-comment`} label={t('ratings.form.commentLabel')} error={commentError}>
        <Textarea
          {...fieldA11y(`${uid}-comment`, commentError)}
          rows={4}
          maxLength={2000}
          placeholder={t('ratings.form.commentPlaceholder')}
          disabled={isSubmitting}
          {...form.register('comment')}
        />
      </FormField>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onDone} disabled={isSubmitting}>
          {t('common.actions.cancel')}
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? t('ratings.form.submitting') : existing ? t('ratings.form.update') : t('ratings.form.submit')}
        </Button>
      </div>
    </form>
  );
}

export function OwnerReplyForm({ companyId, rating, onDone }: { companyId: number; rating: Rating; onDone(): void }) {
  const t = useT();
  const translateText = useTranslateText();
  const uid = useId();
  const save = useSaveOwnerReply(companyId);
  const form = useForm<OwnerReplyBody>({
    resolver: zodResolver(OwnerReplyBodySchema),
    defaultValues: { reply: rating.ownerReply ?? '' },
  });
  const rawError = form.formState.errors.reply?.message;
  const error = rawError ? translateText(rawError) : undefined;
  const busy = form.formState.isSubmitting;

  useEffect(() => form.setFocus('reply'), [form]);

  const onSubmit = form.handleSubmit(async ({ reply }) => {
    try {
      await save.mutateAsync({ id: rating.id, reply });
      notify.success(t('ratings.replyForm.saved'), t('ratings.replyForm.savedDetail'));
      onDone();
    } catch (err) {
      notify.error(t('ratings.replyForm.saveFailed'), errorMessage(err, t('common.feedback.tryLater')));
      console.warn('reply not saved', err);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="mt-3 grid gap-2">
      <FormField id={`${uid}-reply`} label={t('ratings.replyForm.label', { name: reviewerName(rating.user) })} error={error}>
        <Textarea {...fieldA11y(`${uid}-reply`, error)} rows={3} maxLength={2000} disabled={busy} {...form.register('reply')} />
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={busy}>
          {busy ? t('common.actions.saving') : t('ratings.replyForm.save')}
        </Button>
        <Button variant="outline" size="sm" onClick={onDone} disabled={busy}>
          {t('common.actions.cancel')}
        </Button>
      </div>
    </form>
  );
}
