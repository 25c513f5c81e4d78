/**
 * The admin's Edit Rating dialog: a star input with half stars, a number box for typing the value
 * (0.5–5) and the comment. The server marks the review as edited by an administrator, which its
 * public page then says.
 */
import { endSentence } from '@/shared/sentence';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo, useState, type Ref } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/client/components/ui/dialog';
import { fieldA11y, FormField } from '@/client/components/ui/form-field';
import { Input } from '@/client/components/ui/input';
import { Textarea } from '@/client/components/ui/textarea';
import { StarRatingInput } from '@/client/components/star-rating';
import { useT, useTranslateText } from '@/client/lib/i18n';
import { notify } from '@/client/lib/notify';
import { ADMIN_RATING_MESSAGE, AdminRatingFormSchema, type AdminRating } from '@/shared/schemas/admin';
import { useUpdateAdminRating } from '../api/update-admin-rating';

/**
 * One message for any rating outside 0.5–5 (missing, too low or too high): the fix is the same.
 * Built with the page's words, since its messages are shown as they are.
 */
const editRatingSchema = (ratingMessage: string, halfStarsMessage: string) =>
  AdminRatingFormSchema.extend({
    rating: z
      .number({ error: ratingMessage })
      .min(0.5, ratingMessage)
      .max(5, ratingMessage)
      .refine((value) => Number.isInteger(value * 2), halfStarsMessage),
  });
type EditRatingValues = z.infer<ReturnType<typeof editRatingSchema>>;

export const reviewerName = (rating: AdminRating) => `${rating.user.firstName} ${rating.user.lastName}`.trim();

/**
 * A number box bound to the same value as the stars. It keeps what is typed ("4." on the way to
 * "4.5") and follows the stars when they change the value.
 */
function RatingNumberInput({
  value,
  onChange,
  onBlur,
  ref,
  ...props
}: {
  value: number | undefined;
  onChange(value: number): void;
  onBlur(): void;
  ref: Ref<HTMLInputElement>;
  id: string;
  disabled: boolean;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}) {
  const show = (v: number | undefined) => (v === undefined || Number.isNaN(v) ? '' : String(v));
  const [text, setText] = useState(show(value));
  const [seen, setSeen] = useState(value);
  if (!Object.is(value, seen)) {
    setSeen(value);
    if (!Object.is(Number(text), value)) setText(show(value));
  }
  return (
    <Input
      ref={ref}
      type="number"
      inputMode="decimal"
      step={0.5}
      min={0.5}
      max={5}
      className="w-28"
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        onChange(event.target.value.trim() === '' ? Number.NaN : Number(event.target.value));
      }}
      onBlur={onBlur}
      {...props}
    />
  );
}

export function EditRatingDialog({ rating, onClose }: { rating: AdminRating | null; onClose(): void }) {
  return (
    <Dialog open={rating !== null} onOpenChange={(open) => !open && onClose()}>
      {rating && (
        <DialogContent>
          <EditRatingForm key={rating.id} rating={rating} onClose={onClose} />
        </DialogContent>
      )}
    </Dialog>
  );
}

function EditRatingForm({ rating, onClose }: { rating: AdminRating; onClose(): void }) {
  const t = useT();
  const translateText = useTranslateText();
  const uid = useId();
  const update = useUpdateAdminRating();
  const ratingMessage = translateText(ADMIN_RATING_MESSAGE);
  const schema = useMemo(() => editRatingSchema(ratingMessage, t('moderation.editRating.halfStars')), [ratingMessage, t]);
  const form = useForm<EditRatingValues>({
    resolver: zodResolver(schema),
    defaultValues: { rating: rating.rating, comment: rating.comment ?? '' },
  });
  const { errors, isSubmitting } = form.formState;
  const ratingError = errors.rating?.message;
  // The comment's limit is the shared schema's, in English: shown in the page's language.
  const commentError = errors.comment?.message && translateText(errors.comment.message);
  const name = reviewerName(rating);

  const onSubmit = form.handleSubmit(
    async (values) => {
      try {
        await update.mutateAsync({ rating, values });
        notify.success(t('moderation.editRating.updated'), t('moderation.editRating.updatedDetail', { name }));
        onClose();
      } catch (error) {
        notify.error(t('moderation.editRating.updateFailed'), t('moderation.editRating.updateFailedDetail'));
        console.warn('rating not updated', error);
      }
    },
    (invalid) => {
      if (invalid.rating) notify.error(t('moderation.editRating.invalid'), ratingMessage);
    },
  );

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <DialogHeader>
        <DialogTitle>{t('moderation.editRating.title')}</DialogTitle>
        <DialogDescription>
          {t('moderation.editRating.description', {
            review: endSentence(t('moderation.editRating.reviewOf', { name, company: rating.company.name })),
          })}
        </DialogDescription>
      </DialogHeader>
      <div className="flex flex-col gap-1.5">
        <span id={`${uid}-stars-label`} className="text-sm font-medium text-slate-800">
          {t('moderation.columns.rating')}
        </span>
        <Controller
          control={form.control}
          name="rating"
          render={({ field }) => (
            <div className="flex flex-wrap items-center gap-3">
              <StarRatingInput
                value={Number.isFinite(field.value) && field.value >= 0.5 && field.value <= 5 ? field.value : null}
                onChange={(value) => field.onChange(value)}
                disabled={isSubmitting}
                aria-labelledby={`${uid}-stars-label`}
                aria-invalid={ratingError ? true : undefined}
                aria-describedby={ratingError ? `${uid}-rating-error` : undefined}
              />
              <label htmlFor={`${uid}-rating`} className="sr-only">
                {t('moderation.editRating.valueLabel')}
              </label>
              <RatingNumberInput
                id={`${uid}-rating`}
                ref={field.ref}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                disabled={isSubmitting}
                aria-invalid={ratingError ? true : undefined}
                aria-describedby={ratingError ? `${uid}-rating-error` : `${uid}-rating-hint`}
              />
            </div>
          )}
        />
        {ratingError ? (
          <p id={`${uid}-rating-error`} role="alert" className="text-sm text-red-700">
            {ratingError}
          </p>
        ) : (
          <p id={`${uid}-rating-hint`} className="text-xs text-slate-600">
            {t('moderation.editRating.hint')}
          </p>
        )}
      </div>
      <FormField id={`${uid}-comment`} label={t('moderation.columns.comment')} error={commentError}>
        <Textarea
          {...fieldA11y(`${uid}-comment`, commentError)}
          rows={4}
          maxLength={2000}
          disabled={isSubmitting}
          {...form.register('comment')}
        />
      </FormField>
      <DialogFooter>
        <Button variant="outline" onClick={onClose} disabled={isSubmitting}>
          {t('moderation.common.cancel')}
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? t('moderation.common.saving') : t('moderation.editRating.save')}
        </Button>
      </DialogFooter>
    </form>
  );
}
