/**
 * One category's or subcategory's image: a thumbnail of the saved image (the product logo when it
 * is missing or broken) and an inline URL edit with Save. The URL is trimmed and an empty value
 * clears the image (null). The form uses the server's own schema, so a bad URL gets the same
 * message on both sides.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FallbackImage } from '@/client/components/fallback-image';
import { Button } from '@/client/components/ui/button';
import { fieldA11y } from '@/client/components/ui/form-field';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { ApiError, errorMessage } from '@/client/lib/api';
import { Message, useT, useTranslateText } from '@/client/lib/i18n';
import { notify } from '@/client/lib/notify';
import { ImageUrlBodySchema } from '@/shared/schemas/admin';

type ImageUrlInput = z.input<typeof ImageUrlBodySchema>;
type ImageUrlOutput = z.output<typeof ImageUrlBodySchema>;

/** The example in the empty box: an address, the same in every language. */
const URL_EXAMPLE = 'https://example.com/image.jpg';

export interface ImageUrlRowProps {
  name: string;
  /** e.g. "15 subcategories" under the name. */
  detail?: string;
  imageUrl: string | null;
  /** Saves and answers the stored URL (null when cleared). */
  onSave(imageUrl: string | null): Promise<{ imageUrl: string | null }>;
  messages: { success: string; failure: string };
}

export function ImageUrlRow({ name, detail, imageUrl, onSave, messages }: ImageUrlRowProps) {
  const t = useT();
  const translateText = useTranslateText();
  const uid = useId();
  const inputId = `${uid}-url`;
  const form = useForm<ImageUrlInput, unknown, ImageUrlOutput>({
    resolver: zodResolver(ImageUrlBodySchema),
    defaultValues: { imageUrl: imageUrl ?? '' },
  });
  const fieldError = form.formState.errors.imageUrl?.message;
  const error = fieldError && translateText(fieldError);

  const submit = form.handleSubmit(async ({ imageUrl: next }) => {
    try {
      const saved = await onSave(next);
      const stored = saved.imageUrl === undefined ? next : saved.imageUrl;
      form.reset({ imageUrl: stored ?? '' });
      notify.success(messages.success);
    } catch (failure) {
      console.warn(messages.failure, failure);
      const text = translateText(errorMessage(failure, t('admin.common.errorOccurred')));
      if (failure instanceof ApiError && failure.status === 400) form.setError('imageUrl', { message: text });
      notify.error(messages.failure, text);
    }
  });

  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-start">
      <div className="flex items-center gap-3 sm:w-56 sm:shrink-0">
        <FallbackImage
          src={imageUrl}
          alt={t('admin.imageUrl.alt', { name })}
          loading="lazy"
          className="size-16 shrink-0 rounded-md border border-slate-200 bg-slate-50 object-cover"
          fallbackClassName="object-contain p-2"
        />
        <div className="min-w-0">
          <p className="font-medium break-words text-slate-900">{name}</p>
          {detail && <p className="text-xs text-slate-600">{detail}</p>}
          {!imageUrl && <p className="text-xs text-slate-600">{t('admin.imageUrl.none')}</p>}
        </div>
      </div>
      <form noValidate onSubmit={submit} className="flex min-w-0 flex-1 flex-col gap-1.5">
        <Label htmlFor={inputId}>
          <Message id="admin.imageUrl.label" values={{ name }} parts={{ 0: <span className="sr-only" /> }} />
        </Label>
        <div className="flex gap-2">
          <Input
            type="url"
            inputMode="url"
            autoComplete="off"
            placeholder={URL_EXAMPLE}
            className="min-w-0 flex-1"
            {...fieldA11y(inputId, error, true)}
            {...form.register('imageUrl')}
          />
          <Button type="submit" disabled={form.formState.isSubmitting}>
            <Message
              id={form.formState.isSubmitting ? 'admin.imageUrl.saving' : 'admin.imageUrl.save'}
              values={{ name }}
              parts={{ 0: <span className="sr-only" /> }}
            />
          </Button>
        </div>
        <p id={`${inputId}-hint`} className="text-xs text-slate-600">
          {t('admin.imageUrl.hint')}
        </p>
        {error && (
          <p id={`${inputId}-error`} role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
      </form>
    </li>
  );
}
