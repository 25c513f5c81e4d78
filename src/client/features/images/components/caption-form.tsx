import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/client/components/ui/button';
import { fieldA11y } from '@/client/components/ui/form-field';
import { Input } from '@/client/components/ui/input';
import { errorMessage } from '@/client/lib/api';
import { useT, useTranslateText } from '@/client/lib/i18n';
import { notify } from '@/client/lib/notify';
import { captionField, type CompanyImage } from '@/shared/schemas/business';
import { useUpdateCompanyImage } from '../api/update-company-image';

const CaptionFormSchema = z.object({ caption: captionField });
type CaptionFormValues = z.infer<typeof CaptionFormSchema>;

/** Inline caption edit: Enter or Save saves, Escape or Cancel leaves it as it was. */
export function CaptionForm({
  companyId,
  image,
  position,
  onDone,
}: {
  companyId: number;
  image: CompanyImage;
  position: number;
  onDone(saved: boolean): void;
}) {
  const t = useT();
  const translateText = useTranslateText();
  const uid = useId();
  const update = useUpdateCompanyImage(companyId);
  const form = useForm<CaptionFormValues>({
    resolver: zodResolver(CaptionFormSchema),
    defaultValues: { caption: image.caption ?? '' },
  });
  // The caption's rule is the shared schema's: its refusal is found in the page's words by its own.
  const rawError = form.formState.errors.caption?.message;
  const error = rawError ? translateText(rawError) : undefined;

  useEffect(() => form.setFocus('caption', { shouldSelect: true }), [form]);

  const onSubmit = form.handleSubmit(async ({ caption }) => {
    if (caption === (image.caption ?? '')) {
      onDone(false);
      return;
    }
    try {
      await update.mutateAsync({ imageId: image.id, caption: caption || null });
      notify.success(
        t('images.caption.updated'),
        caption ? t('images.caption.updatedDetail', { position, caption }) : t('images.caption.removedDetail', { position }),
      );
      onDone(true);
    } catch (failure) {
      notify.error(t('images.caption.failed'), errorMessage(failure, t('images.caption.failedFallback')));
      console.warn('caption not saved', failure);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="mt-1 grid gap-2">
      <label htmlFor={`${uid}-caption`} className="sr-only">
        {t('images.caption.label', { position })}
      </label>
      <Input
        {...fieldA11y(`${uid}-caption`, error)}
        {...form.register('caption')}
        readOnly={update.isPending}
        placeholder={t('images.caption.placeholder')}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            onDone(false);
          }
        }}
      />
      {error && (
        <p id={`${uid}-caption-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={update.isPending}>
          {update.isPending ? t('common.actions.saving') : t('common.actions.save')}
        </Button>
        <Button size="sm" variant="outline" disabled={update.isPending} onClick={() => onDone(false)}>
          {t('common.actions.cancel')}
        </Button>
      </div>
    </form>
  );
}
