import { zodResolver } from '@hookform/resolvers/zod';
import ImagePlus from 'lucide-react/icons/image-plus';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '@/client/components/ui/alert';
import { Button } from '@/client/components/ui/button';
import { fieldA11y, FormField } from '@/client/components/ui/form-field';
import { Input } from '@/client/components/ui/input';
import { Progress } from '@/client/components/ui/progress';
import { errorMessage } from '@/client/lib/api';
import { useT, useTranslateText } from '@/client/lib/i18n';
import { notify } from '@/client/lib/notify';
import { useObjectUrl } from '@/client/lib/use-object-url';
import { MAX_COMPANY_PHOTOS, MAX_UPLOAD_BYTES } from '@/shared/constants';
import { captionField } from '@/shared/schemas/business';
import { COMPANY_IMAGE_TYPES, COMPANY_IMAGE_TYPES_MESSAGE, imageFileProblem } from '@/shared/schemas/upload';
import { useUploadCompanyImage } from '../api/upload-company-image';

/**
 * What the browser says about the file; the server decides again from the bytes. The missing file
 * is this form's own words; the file's and the caption's problems are the shared schemas', shown
 * in the page's words at display.
 */
const addPhotoFormSchema = (chooseMessage: string) =>
  z.object({
    image: z
      .custom<File>((value) => typeof File !== 'undefined' && value instanceof File, chooseMessage)
      .superRefine((file, ctx) => {
        const problem = imageFileProblem(file, COMPANY_IMAGE_TYPES, COMPANY_IMAGE_TYPES_MESSAGE, MAX_UPLOAD_BYTES);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
    caption: captionField,
  });
type AddPhotoFormSchema = ReturnType<typeof addPhotoFormSchema>;
type AddPhotoFormInput = z.input<AddPhotoFormSchema>;
type AddPhotoFormValues = z.output<AddPhotoFormSchema>;

export function AddPhotoForm({ companyId, count, ready }: { companyId: number; count: number; ready: boolean }) {
  const t = useT();
  const translateText = useTranslateText();
  const uid = useId();
  const upload = useUploadCompanyImage(companyId);
  const fileInput = useRef<HTMLInputElement | null>(null);
  const abort = useRef<AbortController | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [brokenPreview, setBrokenPreview] = useState<string | null>(null);
  const schema = useMemo(() => addPhotoFormSchema(t('images.addPhoto.chooseFile')), [t]);
  const form = useForm<AddPhotoFormInput, unknown, AddPhotoFormValues>({
    resolver: zodResolver(schema),
    defaultValues: { image: undefined, caption: '' },
  });
  const { errors } = form.formState;
  const chosen = form.watch('image');
  const preview = useObjectUrl(chosen instanceof File ? chosen : undefined);

  // Leaving the screen stops an upload in flight.
  useEffect(() => () => abort.current?.abort(), []);

  const full = count >= MAX_COMPANY_PHOTOS;
  const busy = upload.isPending;
  const imageError = errors.image?.message ? translateText(errors.image.message) : undefined;
  const captionError = errors.caption?.message ? translateText(errors.caption.message) : undefined;

  const onSubmit = form.handleSubmit(async ({ image, caption }) => {
    setFailure(null);
    setProgress(0);
    abort.current = new AbortController();
    try {
      await upload.mutateAsync({
        file: image,
        caption: caption || undefined,
        onProgress: setProgress,
        signal: abort.current.signal,
      });
      notify.success(
        t('images.addPhoto.uploaded'),
        caption ? t('images.addPhoto.uploadedCaptioned', { caption }) : t('images.addPhoto.uploadedDetail'),
      );
      form.reset({ image: undefined, caption: '' });
      if (fileInput.current) fileInput.current.value = '';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      const message = errorMessage(error, t('images.addPhoto.failedFallback'));
      setFailure(message);
      notify.error(t('images.common.uploadFailed'), message);
      console.warn('photo not uploaded', error);
    } finally {
      setProgress(null);
      abort.current = null;
    }
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={t('images.addPhoto.title')}
      className="rounded-lg border border-slate-200 bg-slate-50 p-4"
    >
      <fieldset disabled={full || busy} className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-start">
        <legend className="mb-3 text-base font-semibold text-slate-900">{t('images.addPhoto.title')}</legend>
        <FormField
          id={`${uid}-image`}
          label={t('images.addPhoto.photoLabel')}
          error={imageError}
          hint={full ? undefined : t('images.addPhoto.hint')}
        >
          <Controller
            control={form.control}
            name="image"
            render={({ field }) => (
              <Input
                {...fieldA11y(`${uid}-image`, imageError, !full)}
                ref={(element) => {
                  fileInput.current = element;
                  field.ref(element);
                }}
                name={field.name}
                type="file"
                accept={COMPANY_IMAGE_TYPES.join(',')}
                className="h-auto bg-white py-1.5"
                onBlur={field.onBlur}
                onChange={(event) => {
                  setFailure(null);
                  field.onChange(event.target.files?.[0]);
                  // Say at once when the file will not do, not only on Upload.
                  void form.trigger('image');
                }}
              />
            )}
          />
        </FormField>
        <FormField id={`${uid}-caption`} label={t('images.addPhoto.captionLabel')} error={captionError}>
          <Input
            {...fieldA11y(`${uid}-caption`, captionError)}
            placeholder={t('images.addPhoto.captionPlaceholder')}
            {...form.register('caption')}
          />
        </FormField>
        <Button type="submit" className="sm:mt-6" disabled={full || busy || !ready}>
          <ImagePlus aria-hidden />
          {busy ? t('images.common.uploading') : t('images.addPhoto.submit')}
        </Button>
      </fieldset>

      {preview && !imageError && !full && preview !== brokenPreview && (
        <img
          src={preview}
          alt={t('images.addPhoto.previewAlt')}
          className="mt-3 h-20 w-28 rounded-md border border-slate-200 object-cover"
          // The browser cannot draw it (e.g. a .png that is really text): no preview, the server will say why.
          onError={() => setBrokenPreview(preview)}
        />
      )}
      {progress !== null && (
        <div className="mt-3 grid gap-1">
          <p className="text-sm text-slate-700">
            {chosen instanceof File
              ? t('images.addPhoto.uploadingFile', { name: chosen.name })
              : t('images.addPhoto.uploadingPhoto')}
          </p>
          <Progress value={progress} label={t('images.common.uploadProgress')} showValue />
        </div>
      )}
      {failure && (
        <Alert variant="error" title={t('images.common.uploadFailed')} className="mt-3">
          {failure}
        </Alert>
      )}
      {full && <p className="mt-3 text-sm text-slate-700">{t('images.addPhoto.limitReached', { max: MAX_COMPANY_PHOTOS })}</p>}
    </form>
  );
}
