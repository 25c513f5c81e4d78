/**
 * The draft form: quote name, description with its "N/100 minimum" counter, the category's
 * questions, the job's ZIP code and service (optional), project images, Save Draft and Submit
 * Quote. Both buttons validate with the server's own schema (save and submit word the 100-character
 * rule differently); adding an image saves the text first.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import ImagePlus from 'lucide-react/icons/image-plus';
import Save from 'lucide-react/icons/save';
import Send from 'lucide-react/icons/send';
import Trash2 from 'lucide-react/icons/trash';
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
import { useT, useTranslateText } from '@/client/lib/i18n';
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
import { leftOutText } from '../lib/quote-words';
import { QuoteQuestionsFieldset } from './quote-questions-fieldset';
import { wholeNumberFromText } from '@/shared/schemas/common';
import { operatingCountry, postalCodeTermOf } from '@/shared/operating-country';
import { POSTAL_CODE_MAX_LENGTH, postalCodeRulesOf } from '@/shared/postal-codes';

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
  const t = useT();
  const usZip = postalCodeTermOf(operatingCountry()) === 'zip';
  const translateText = useTranslateText();
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  const nameId = id('name');
  const descriptionId = id('description');
  const zipId = id('zip');
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
  // The shared schema's words (or the server's), in the page's language.
  const errorOf = (message: string | undefined) => (message ? translateText(message) : undefined);
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
        notify.success(t('quotes.editForm.updated'));
      } catch (error) {
        const message = errorMessage(error, t('quotes.editForm.updateFailed'));
        showFieldError(error, message);
        notify.error(t('quotes.editForm.updateFailed'), message);
      }
    });

  const onSubmitQuote = () =>
    run('submit', async (values) => {
      const checked = answers.check({ requireAll: true });
      if (!checked) return;
      try {
        const submitted = await submit.mutateAsync({ ...values, answers: checked.input });
        notify.success(t('quotes.editForm.submittedTitle'), t('quotes.editForm.submittedDetail'));
        // Companies that paused, or that do not work where the job is or take its service, did not get it.
        const skipped = submitted?.skippedCompanies ?? [];
        if (skipped.length > 0) {
          const why = skipped.map((c) =>
            t('quotes.editForm.skippedCompany', {
              name: c.name,
              reason: leftOutText(
                c.reason,
                { zip: submitted.zip, service: serviceName(submitted.subcategoryId) },
                t,
              ).toLowerCase(),
            }),
          );
          notify.error(t('quotes.editForm.skippedTitle'), t('quotes.editForm.skippedDetail', { companies: why.join(', ') }));
        }
      } catch (error) {
        const message = errorMessage(error, t('quotes.editForm.submitFailed'));
        showFieldError(error, message);
        notify.error(t('quotes.editForm.submitFailed'), message);
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
        const message = errorMessage(error, t('quotes.editForm.updateFailed'));
        showFieldError(error, message);
        notify.error(t('quotes.editForm.updateFailed'), message);
        return;
      }
      setProgress(0);
      try {
        await upload.mutateAsync({ file, onProgress: setProgress });
        notify.success(t('quotes.editForm.imageUploaded'));
      } catch (error) {
        const message = errorMessage(error, t('quotes.editForm.uploadFailed'));
        setImageError(message);
        notify.error(t('quotes.editForm.uploadFailed'), message);
      } finally {
        setProgress(null);
      }
    });
  };

  const onRemoveImage = (imageId: number) => {
    setRemovingId(imageId);
    remove.mutate(imageId, {
      onSuccess: () => notify.success(t('quotes.editForm.imageDeleted')),
      onError: (error) => notify.error(t('quotes.editForm.deleteFailed'), errorMessage(error, t('quotes.editForm.deleteFailed'))),
      onSettled: () => setRemovingId(null),
    });
  };

  const isBusy = busy !== null;
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle as="h2" className="text-lg">
          {t('quotes.details.title')}
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
          aria-label={t('quotes.editForm.label')}
        >
          <FormField id={nameId} label={t('quotes.editForm.name')} error={errorOf(errors.quoteName?.message)}>
            <Input {...fieldA11y(nameId, errors.quoteName?.message)} {...form.register('quoteName')} disabled={isBusy} />
          </FormField>

          <FormField
            id={descriptionId}
            label={t('quotes.editForm.description')}
            error={errorOf(errors.description?.message)}
            hint={
              <span className={cn(count >= QUOTE_DESCRIPTION_MIN_LENGTH ? 'text-green-800' : 'text-slate-700')}>
                {t('quotes.editForm.descriptionCount', { count, min: QUOTE_DESCRIPTION_MIN_LENGTH })}
              </span>
            }
          >
            <Textarea
              {...fieldA11y(descriptionId, errors.description?.message, true)}
              {...form.register('description')}
              rows={8}
              placeholder={t('quotes.editForm.descriptionPlaceholder')}
              disabled={isBusy}
            />
          </FormField>

          <QuoteQuestionsFieldset questions={questions} answers={answers} disabled={isBusy} />

          <div className="grid gap-5 sm:grid-cols-2">
            <FormField
              id={zipId}
              label={t(usZip ? 'quotes.details.zip' : 'quotes.details.postalCode')}
              error={errorOf(errors.zip?.message)}
              hint={t('quotes.editForm.zipHint')}
            >
              <Input
                {...fieldA11y(zipId, errors.zip?.message, true)}
                {...form.register('zip')}
                inputMode={usZip ? 'numeric' : 'text'}
                autoComplete="postal-code"
                autoCapitalize="characters"
                maxLength={usZip ? 5 : POSTAL_CODE_MAX_LENGTH + 4}
                placeholder={usZip ? t('quotes.editForm.zipPlaceholder') : postalCodeRulesOf(operatingCountry()).example}
                disabled={isBusy}
              />
            </FormField>
            <FormField
              id={id('service')}
              label={t('quotes.details.service')}
              error={errorOf(errors.subcategoryId?.message)}
              hint={t('quotes.editForm.serviceHint')}
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
                    <option value="">{t('quotes.editForm.serviceNone')}</option>
                    {services.map((service) => (
                      <option key={service.id} value={String(service.id)}>
                        {service.name}
                      </option>
                    ))}
                    {/* A saved service the list does not (yet) show keeps its value. */}
                    {field.value !== '' && !services.some((service) => String(service.id) === field.value) && (
                      <option value={field.value}>
                        {categories.isPending ? t('quotes.editForm.serviceLoading') : t('quotes.editForm.serviceUnknown')}
                      </option>
                    )}
                  </select>
                )}
              />
            </FormField>
          </div>

          <section aria-labelledby={id('images-title')} className="flex flex-col gap-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 id={id('images-title')} className="text-sm font-medium text-slate-900">
                {t('quotes.editForm.imagesTitle')}
              </h3>
              <input
                ref={fileInput}
                type="file"
                accept={QUOTE_IMAGE_TYPES.join(',')}
                className="sr-only"
                tabIndex={-1}
                aria-hidden="true"
                aria-label={t('quotes.editForm.imageFile')}
                onChange={onPickImage}
                data-testid="quote-image-input"
              />
              <Button variant="outline" size="sm" onClick={() => fileInput.current?.click()} disabled={isBusy}>
                {busy === 'upload' ? <Spinner /> : <ImagePlus aria-hidden />}
                {t('quotes.editForm.addImage')}
              </Button>
            </div>
            <p className="text-xs text-slate-700">{t('quotes.editForm.imageTypes')}</p>
            {progress !== null && <Progress value={progress} label={t('quotes.editForm.uploadProgress')} showValue />}
            {imageError && (
              <p role="alert" className="text-sm text-red-700">
                {translateText(imageError)}
              </p>
            )}
            {quote.images.length > 0 ? (
              <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label={t('quotes.details.images')}>
                {quote.images.map((image, index) => (
                  <li key={image.id} className="relative overflow-hidden rounded-md border border-slate-200">
                    <FallbackImage
                      src={image.thumbnailUrl ?? image.objectUrl}
                      alt={image.caption?.trim() || t('quotes.details.imageNumber', { number: index + 1 })}
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
                      aria-label={t('quotes.editForm.removeImage', { number: index + 1 })}
                    >
                      {removingId === image.id ? <Spinner /> : <Trash2 aria-hidden />}
                    </Button>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-slate-700">{t('quotes.editForm.noImages')}</p>
            )}
          </section>

          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="submit" variant="outline" disabled={isBusy}>
              {busy === 'save' ? <Spinner /> : <Save aria-hidden />}
              {busy === 'save' ? t('quotes.editForm.saving') : t('quotes.editForm.save')}
            </Button>
            <Button onClick={() => void onSubmitQuote()} disabled={isBusy}>
              {busy === 'submit' ? <Spinner /> : <Send aria-hidden />}
              {busy === 'submit' ? t('quotes.editForm.submitting') : t('quotes.editForm.submit')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
