import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/client/components/ui/button';
import { fieldA11y } from '@/client/components/ui/form-field';
import { Input } from '@/client/components/ui/input';
import { errorMessage } from '@/client/lib/api';
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
  const uid = useId();
  const update = useUpdateCompanyImage(companyId);
  const form = useForm<CaptionFormValues>({
    resolver: zodResolver(CaptionFormSchema),
    defaultValues: { caption: image.caption ?? '' },
  });
  const error = form.formState.errors.caption?.message;

  useEffect(() => form.setFocus('caption', { shouldSelect: true }), [form]);

  const onSubmit = form.handleSubmit(async ({ caption }) => {
    if (caption === (image.caption ?? '')) {
      onDone(false);
      return;
    }
    try {
      await update.mutateAsync({ imageId: image.id, caption: caption || null });
      notify.success('Caption updated', caption ? `Photo ${position}: “${caption}”` : `Photo ${position} has no caption now.`);
      onDone(true);
    } catch (failure) {
      notify.error('Update failed', errorMessage(failure, 'Failed to update photo'));
      console.warn('caption not saved', failure);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="mt-1 grid gap-2">
      <label htmlFor={`${uid}-caption`} className="sr-only">
        Caption for photo {position}
      </label>
      <Input
        {...fieldA11y(`${uid}-caption`, error)}
        {...form.register('caption')}
        readOnly={update.isPending}
        placeholder="Add a caption"
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
          {update.isPending ? 'Saving...' : 'Save'}
        </Button>
        <Button size="sm" variant="outline" disabled={update.isPending} onClick={() => onDone(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
