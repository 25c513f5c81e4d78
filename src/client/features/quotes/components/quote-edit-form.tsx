/**
 * The draft form: quote name, description with its "N/100 minimum" counter, the category's
 * questions, the job's ZIP code and service (optional), project images, Save Draft and Submit
 * Quote. Both buttons validate with the server's own schema (save and submit word the 100-character
 * rule differently); adding an image saves the text first.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { ImagePlus, Save, Send, Trash2 } from 'lucide-react';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { z } from 'zod';
import { FallbackImage } from '@/client/components/fallback-image';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card';
import { cn } from '@/client/components/ui/cn';
import { FormField, fieldA11y } from '@/client/components/ui/form-field';
import { fieldClasses, Input } from '@/client/components/ui/input';
import { Progress } from '@/client/components/ui/progress';
import { Spinner } from '@/client/components/ui/spinner';
import { Textarea } from '@/client/components/ui/textarea';
import { ApiError, errorMessage } from '@/client/lib/api';
import { notify } from '@/client/lib/notify';
import { MAX_UPLOAD_BYTES, QUOTE_DESCRIPTION_MIN_LENGTH } from '@/shared/constants';
import { SubmitQuoteBodySchema, UpdateQuoteBodySchema, type Quote, type UpdateQuoteBody } from '@/shared/schemas/quote';
import { useCategoriesWithSubcategories } from '@/client/entities/categories/get-categories-with-subcategories';
import { imageFileProblem, QUOTE_IMAGE_TYPES, QUOTE_IMAGE_TYPES_MESSAGE } from '@/shared/schemas/upload';
import { useDeleteQuoteImage } from '../api/delete-quote-image';
import { useSubmitQuote } from '../api/submit-quote';
import { useUpdateQuote } from '../api/update-quote';
import { useUploadQuoteImage } from '../api/upload-quote-image';
import { useCategoryQuestions } from '@/client/entities/categories/get-category-questions';
import { useQuoteAnswers } from '../hooks/use-quote-answers';
import { QuoteQuestionsFieldset } from './quote-questions-fieldset';
import { wholeNumberFromText } from '@/shared/schemas/common';
import { leftOutMessage } from '@/shared/schemas/quote';

type Action = 'save' | 'submit' | 'upload';

// The form holds the inputs' text; the job's fields go through the shared rules (an empty one is
// null: not said, or cleared).
const zipRule = UpdateQuoteBodySchema.shape.zip as unknown as z.ZodType<string | null | undefined, string>;
const serviceRule = UpdateQuoteBodySchema.shape.subcategoryId as unknown as z.ZodType<number | null | undefined, string>;
const withJobFields = <S extends typeof UpdateQuoteBodySchema | typeof SubmitQuoteBodySchema>(schema: S) =>
  schema.extend({ zip: z.string().pipe(zipRule), subcategoryId: z.string().transform(wholeNumberFromText).pipe(serviceRule) });
const SaveFormSchema = withJobFields(UpdateQuoteBodySchema);
type FormValues = z.input<typeof SaveFormSchema>;

const saveResolver = zodResolver(SaveFormSchema);
const submitResolver = zodResolver(withJobFields(SubmitQuoteBodySchema));

/**
 * The field a server refusal of the job's fields belongs to, by its code (the formats are the
 * form's own schema, checked before sending).
 */
const jobFieldOf = (error: unknown): 'zip' | 'subcategoryId' | null => {
  const code = error instanceof ApiError ? error.code : undefined;
  return code === 'QUOTE_ZIP_UNKNOWN' ? 'zip' : code === 'QUOTE_SERVICE_NOT_IN_CATEGORY' ? 'subcategoryId' : null;
};

export function QuoteEditForm({ quote }: { quote: Quote }) {
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  const update = useUpdateQuote(quote.id);
  const submit = useSubmitQuote(quote.id);
  const upload = useUploadQuoteImage(quote.id);
  const remove = useDeleteQuoteImage(quote.id);
  const actionRef = useRef<Action>('save');
  const [busy, setBusy] = useState<Action | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [imageError, setImageError] = useState<string | undefined>();
  const [removingId, setRemovingId] = useState<number | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const categories = useCategoriesWithSubcategories();
  const services = categories.data?.find((category) => category.id === quote.categoryId)?.subcategories ?? [];
  const serviceName = (id: number | null) => services.find((service) => service.id === id)?.name ?? null;
  const questions = useCategoryQuestions(quote.categoryId);
  const answers = useQuoteAnswers(uid, quote.answers, questions);

  // One form, two schemas: the button pressed decides which message the 100-character rule gives.
  const resolver: Resolver<FormValues, unknown, UpdateQuoteBody> = (values, context, options) =>
    (actionRef.current === 'submit' ? submitResolver : saveResolver)(values, context, options);
  const form = useForm<FormValues, unknown, UpdateQuoteBody>({
    resolver,
    defaultValues: {
      quoteName: quote.quoteName,
      description: quote.description,
      zip: quote.zip ?? '',
      subcategoryId: quote.subcategoryId === null ? '' : String(quote.subcategoryId),
    },
  });
  const { errors } = form.formState;
  const description = form.watch('description') ?? '';
  const count = description.trim().length;

  const run = (action: Action, work: (values: UpdateQuoteBody) => Promise<void>) => {
    actionRef.current = action;
    return form.handleSubmit(async (values) => {
      setBusy(action);
      try {
        await work(values);
      } finally {
        setBusy(null);
      }
    })();
  };

  /** A refusal of the job's ZIP code or service also shows under its field. */
  const showFieldError = (error: unknown, message: string) => {
    const field = jobFieldOf(error);
    if (field) form.setError(field, { message }, { shouldFocus: true });
    else answers.showServerError(error, message);
  };

  const onSave = () =>
    run('save', async (values) => {
      // A draft may leave questions unanswered; what is answered must still fit its question.
      const checked = answers.check({ requireAll: false });
      if (!checked) return;
      try {
        await update.mutateAsync({ ...values, answers: checked.input });
        notify.success('Quote updated');
      } catch (error) {
        const message = errorMessage(error, 'Update failed');
        showFieldError(error, message);
        notify.error('Update failed', message);
      }
    });

  const onSubmitQuote = () =>
    run('submit', async (values) => {
      const checked = answers.check({ requireAll: true });
      if (!checked) return;
      try {
        const submitted = await submit.mutateAsync({ ...values, answers: checked.input });
        notify.success('Quote submitted', 'Your quote has been submitted to companies. You can now communicate with them here.');
        // Companies that paused, or that do not work where the job is or take its service, did not get it.
        const skipped = submitted?.skippedCompanies ?? [];
        if (skipped.length > 0) {
          const why = skipped.map(
            (c) =>
              `${c.name} (${leftOutMessage(c.reason, { zip: submitted.zip, service: serviceName(submitted.subcategoryId) }).toLowerCase()})`,
          );
          notify.error('Some companies did not get your request', `${why.join(', ')}: they were left out.`);
        }
      } catch (error) {
        const message = errorMessage(error, 'Submission failed');
        showFieldError(error, message);
        notify.error('Submission failed', message);
      }
    });

  const onPickImage = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = imageFileProblem(file, QUOTE_IMAGE_TYPES, QUOTE_IMAGE_TYPES_MESSAGE, MAX_UPLOAD_BYTES);
    setImageError(problem ?? undefined);
    if (problem) return;
    // The text is saved before the upload is attempted, so a failed upload loses nothing typed.
    void run('upload', async (values) => {
      try {
        await update.mutateAsync(values);
      } catch (error) {
        const message = errorMessage(error, 'Update failed');
        showFieldError(error, message);
        notify.error('Update failed', message);
        return;
      }
      setProgress(0);
      try {
        await upload.mutateAsync({ file, onProgress: setProgress });
        notify.success('Image uploaded');
      } catch (error) {
        const message = errorMessage(error, 'Upload failed');
        setImageError(message);
        notify.error('Upload failed', message);
      } finally {
        setProgress(null);
      }
    });
  };

  const onRemoveImage = (imageId: number) => {
    setRemovingId(imageId);
    remove.mutate(imageId, {
      onSuccess: () => notify.success('Image deleted'),
      onError: (error) => notify.error('Failed to delete image', errorMessage(error, 'Failed to delete image')),
      onSettled: () => setRemovingId(null),
    });
  };

  const isBusy = busy !== null;
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle as="h2" className="text-lg">
          Quote Details
        </CardTitle>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void onSave();
          }}
          className="flex flex-col gap-5"
          aria-label="Edit quote"
        >
          <FormField id={id('name')} label="Quote Name" error={errors.quoteName?.message}>
            <Input {...fieldA11y(id('name'), errors.quoteName?.message)} {...form.register('quoteName')} disabled={isBusy} />
          </FormField>

          <FormField
            id={id('description')}
            label="Project Description"
            error={errors.description?.message}
            hint={
              <span className={cn(count >= QUOTE_DESCRIPTION_MIN_LENGTH ? 'text-green-800' : 'text-slate-700')}>
                {count}/{QUOTE_DESCRIPTION_MIN_LENGTH} minimum
              </span>
            }
          >
            <Textarea
              {...fieldA11y(id('description'), errors.description?.message, true)}
              {...form.register('description')}
              rows={8}
              placeholder="Describe the work you need: what, where, when, and any details that help companies quote."
              disabled={isBusy}
            />
          </FormField>

          <QuoteQuestionsFieldset questions={questions} answers={answers} disabled={isBusy} />

          <div className="grid gap-5 sm:grid-cols-2">
            <FormField
              id={id('zip')}
              label="Job ZIP code"
              error={errors.zip?.message}
              hint="Optional: where the work is, so companies know it is in their area."
            >
              <Input
                {...fieldA11y(id('zip'), errors.zip?.message, true)}
                {...form.register('zip')}
                inputMode="numeric"
                autoComplete="postal-code"
                maxLength={5}
                placeholder="e.g. 78701"
                disabled={isBusy}
              />
            </FormField>
            <FormField
              id={id('service')}
              label="Service"
              error={errors.subcategoryId?.message}
              hint="Optional: the kind of work, among the category's services."
            >
              <Controller
                control={form.control}
                name="subcategoryId"
                render={({ field }) => (
                  // Controlled, so a saved service shows once the category's services arrive.
                  <select
                    {...fieldA11y(id('service'), errors.subcategoryId?.message, true)}
                    ref={field.ref}
                    name={field.name}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    disabled={isBusy}
                    className={cn(fieldClasses, 'h-10 py-2')}
                  >
                    <option value="">Not specified</option>
                    {services.map((service) => (
                      <option key={service.id} value={String(service.id)}>
                        {service.name}
                      </option>
                    ))}
                    {/* A saved service the list does not (yet) show keeps its value. */}
                    {field.value !== '' && !services.some((service) => String(service.id) === field.value) && (
                      <option value={field.value}>{categories.isPending ? 'Loading…' : 'Unknown service'}</option>
                    )}
                  </select>
                )}
              />
            </FormField>
          </div>

          <section aria-labelledby={id('images-title')} className="flex flex-col gap-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 id={id('images-title')} className="text-sm font-medium text-slate-900">
                Project Images
              </h3>
              <input
                ref={fileInput}
                type="file"
                accept={QUOTE_IMAGE_TYPES.join(',')}
                className="sr-only"
                tabIndex={-1}
                aria-hidden="true"
                aria-label="Project image file"
                onChange={onPickImage}
                data-testid="quote-image-input"
              />
              <Button variant="outline" size="sm" onClick={() => fileInput.current?.click()} disabled={isBusy}>
                {busy === 'upload' ? <Spinner /> : <ImagePlus aria-hidden />}
                Add Image
              </Button>
            </div>
            <p className="text-xs text-slate-700">JPG, PNG, GIF or WebP, up to 5MB.</p>
            {progress !== null && <Progress value={progress} label="Upload progress" showValue />}
            {imageError && (
              <p role="alert" className="text-sm text-red-700">
                {imageError}
              </p>
            )}
            {quote.images.length > 0 ? (
              <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Project images">
                {quote.images.map((image, index) => (
                  <li key={image.id} className="relative overflow-hidden rounded-md border border-slate-200">
                    <FallbackImage
                      src={image.thumbnailUrl ?? image.objectUrl}
                      alt={image.caption?.trim() || `Project image ${index + 1}`}
                      loading="lazy"
                      className="aspect-square w-full bg-slate-100 object-cover"
                      fallbackClassName="object-contain p-4"
                    />
                    <Button
                      variant="destructive"
                      size="icon"
                      className="absolute end-1 top-1 size-8"
                      onClick={() => onRemoveImage(image.id)}
                      disabled={isBusy || removingId !== null}
                      aria-label={`Remove project image ${index + 1}`}
                    >
                      {removingId === image.id ? <Spinner /> : <Trash2 aria-hidden />}
                    </Button>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-slate-700">No images yet.</p>
            )}
          </section>

          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="submit" variant="outline" disabled={isBusy}>
              {busy === 'save' ? <Spinner /> : <Save aria-hidden />}
              {busy === 'save' ? 'Saving…' : 'Save Draft'}
            </Button>
            <Button onClick={() => void onSubmitQuote()} disabled={isBusy}>
              {busy === 'submit' ? <Spinner /> : <Send aria-hidden />}
              {busy === 'submit' ? 'Submitting…' : 'Submit Quote'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
