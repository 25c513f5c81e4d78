import { zodResolver } from '@hookform/resolvers/zod';
import { ImagePlus } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '@/client/components/ui/alert';
import { Button } from '@/client/components/ui/button';
import { fieldA11y, FormField } from '@/client/components/ui/form-field';
import { Input } from '@/client/components/ui/input';
import { Progress } from '@/client/components/ui/progress';
import { errorMessage } from '@/client/lib/api';
import { notify } from '@/client/lib/notify';
import { useObjectUrl } from '@/client/lib/use-object-url';
import { MAX_COMPANY_PHOTOS, MAX_UPLOAD_BYTES } from '@/shared/constants';
import { captionField } from '@/shared/schemas/business';
import { COMPANY_IMAGE_TYPES, COMPANY_IMAGE_TYPES_MESSAGE, imageFileProblem } from '@/shared/schemas/upload';
import { useUploadCompanyImage } from '../api/upload-company-image';

/** What the browser says about the file; the server decides again from the bytes. */
const AddPhotoFormSchema = z.object({
  image: z
    .custom<File>((value) => typeof File !== 'undefined' && value instanceof File, 'Choose a photo to upload')
    .superRefine((file, ctx) => {
      const problem = imageFileProblem(file, COMPANY_IMAGE_TYPES, COMPANY_IMAGE_TYPES_MESSAGE, MAX_UPLOAD_BYTES);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  caption: captionField,
});
type AddPhotoFormInput = z.input<typeof AddPhotoFormSchema>;
type AddPhotoFormValues = z.output<typeof AddPhotoFormSchema>;

export function AddPhotoForm({ companyId, count, ready }: { companyId: number; count: number; ready: boolean }) {
  const uid = useId();
  const upload = useUploadCompanyImage(companyId);
  const fileInput = useRef<HTMLInputElement | null>(null);
  const abort = useRef<AbortController | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [brokenPreview, setBrokenPreview] = useState<string | null>(null);
  const form = useForm<AddPhotoFormInput, unknown, AddPhotoFormValues>({
    resolver: zodResolver(AddPhotoFormSchema),
    defaultValues: { image: undefined, caption: '' },
  });
  const { errors } = form.formState;
  const chosen = form.watch('image');
  const preview = useObjectUrl(chosen instanceof File ? chosen : undefined);

  // Leaving the screen stops an upload in flight.
  useEffect(() => () => abort.current?.abort(), []);

  const full = count >= MAX_COMPANY_PHOTOS;
  const busy = upload.isPending;
  const imageError = errors.image?.message;
  const captionError = errors.caption?.message;

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
      notify.success('Photo uploaded', caption ? `“${caption}” is now on your company page.` : 'It is now on your company page.');
      form.reset({ image: undefined, caption: '' });
      if (fileInput.current) fileInput.current.value = '';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      const message = errorMessage(error, 'Failed to upload photo');
      setFailure(message);
      notify.error('Upload failed', message);
      console.warn('photo not uploaded', error);
    } finally {
      setProgress(null);
      abort.current = null;
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Add a photo" className="rounded-lg border border-slate-200 bg-slate-50 p-4">
      <fieldset disabled={full || busy} className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-start">
        <legend className="mb-3 text-base font-semibold text-slate-900">Add a photo</legend>
        <FormField
          id={`${uid}-image`}
          label="Photo"
          error={imageError}
          hint={full ? undefined : 'JPG, PNG, GIF or SVG, up to 5MB.'}
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
        <FormField id={`${uid}-caption`} label="Caption (optional)" error={captionError}>
          <Input
            {...fieldA11y(`${uid}-caption`, captionError)}
            placeholder="e.g. Kitchen remodel, after"
            {...form.register('caption')}
          />
        </FormField>
        <Button type="submit" className="sm:mt-6" disabled={full || busy || !ready}>
          <ImagePlus aria-hidden />
          {busy ? 'Uploading...' : 'Upload Photo'}
        </Button>
      </fieldset>

      {preview && !imageError && !full && preview !== brokenPreview && (
        <img
          src={preview}
          alt="Preview of the chosen file"
          className="mt-3 h-20 w-28 rounded-md border border-slate-200 object-cover"
          // The browser cannot draw it (e.g. a .png that is really text): no preview, the server will say why.
          onError={() => setBrokenPreview(preview)}
        />
      )}
      {progress !== null && (
        <div className="mt-3 grid gap-1">
          <p className="text-sm text-slate-700">Uploading {chosen instanceof File ? chosen.name : 'photo'}…</p>
          <Progress value={progress} label="Upload progress" showValue />
        </div>
      )}
      {failure && (
        <Alert variant="error" title="Upload failed" className="mt-3">
          {failure}
        </Alert>
      )}
      {full && (
        <p className="mt-3 text-sm text-slate-700">
          You have reached the limit of {MAX_COMPANY_PHOTOS} photos: delete one to add another.
        </p>
      )}
    </form>
  );
}
