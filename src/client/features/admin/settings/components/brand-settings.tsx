/**
 * Platform Settings' Brand section: the site's name, primary colour (its contrast with white shown
 * as it is chosen, and refused below WCAG AA by the same rule as the server's), support address,
 * logo and favicon (uploaded at once, with progress), and the home page's heading and
 * sub-heading in each offered language (the operator's words for those two messages). A preview
 * shows the header bar, a button and a link as visitors will see them.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '@/client/components/ui/alert';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { fieldA11y, FormField } from '@/client/components/ui/form-field';
import { Input } from '@/client/components/ui/input';
import { useChangeText } from '@/client/features/admin/texts/api/change-text';
import { useTexts } from '@/client/features/admin/texts/api/get-texts';
import { Skeleton } from '@/client/components/ui/skeleton';
import { getAppConfigQueryOptions } from '@/client/lib/app-config';
import { DEFAULT_LOGO_URL, useBrand } from '@/client/lib/brand';
import { errorMessage } from '@/client/lib/api';
import { placeServerError } from '@/client/lib/form-errors';
import { useT, useTranslateText } from '@/client/lib/i18n';
import { notify } from '@/client/lib/notify';
import { uploadFile } from '@/client/lib/upload';
import { isHexColour, MIN_CONTRAST, primaryColourContrast } from '@/shared/brand';
import { directionOf, isLanguage, SHIPPED_LANGUAGES, type Language } from '@/shared/i18n/languages';
import { PlatformSettingsBodySchema } from '@/shared/schemas/admin';
import { formatNumber } from '@/client/lib/format';
import { getPlatformSettingsQueryOptions, type PlatformSettingsAnswer } from '../api/get-platform-settings';
import { useUpdatePlatformSettings } from '../api/update-platform-settings';

/** The home page's two messages the operator words per language. */
const HOME_TEXTS = { heading: 'pages.home.title', subheading: 'pages.home.intro' } as const;

const shape = PlatformSettingsBodySchema.shape;
const BrandFormSchema = z.object({
  brand_name: shape.brand_name.unwrap(),
  brand_primary_color: shape.brand_primary_color.unwrap(),
  brand_support_email: shape.brand_support_email.unwrap(),
});
type BrandForm = z.input<typeof BrandFormSchema>;

function useRefreshBrand() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: getAppConfigQueryOptions().queryKey }),
      queryClient.invalidateQueries({ queryKey: getPlatformSettingsQueryOptions().queryKey }),
    ]);
}

/** A logo or favicon: the current picture, an upload with its progress, and a way back to the product's own. */
function BrandImageField({ which, current }: { which: 'logo' | 'favicon'; current: string | null }) {
  const t = useT();
  const translateText = useTranslateText();
  const id = useId();
  const refresh = useRefreshBrand();
  const update = useUpdatePlatformSettings();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | undefined>();

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setError(undefined);
    setProgress(0);
    const form = new FormData();
    form.append('file', file);
    try {
      await uploadFile(`/api/admin/brand/${which}`, form, { method: 'PUT', onProgress: setProgress });
      await refresh();
      notify.success(t('admin.brand.imageSaved'));
    } catch (failure) {
      setError(translateText(errorMessage(failure, t('admin.brand.imageFailed'))));
    } finally {
      setProgress(null);
    }
  };
  const remove = () =>
    update.mutate(
      { [which === 'logo' ? 'brand_logo_object_id' : 'brand_favicon_object_id']: '' },
      {
        onSuccess: () => void refresh(),
        onError: (failure) => setError(translateText(errorMessage(failure, t('admin.brand.imageFailed')))),
      },
    );

  return (
    <FormField
      id={id}
      label={t(which === 'logo' ? 'admin.brand.logo' : 'admin.brand.favicon')}
      hint={t(which === 'logo' ? 'admin.brand.logoHint' : 'admin.brand.faviconHint')}
      error={error}
    >
      <div className="flex flex-wrap items-center gap-3">
        <img
          src={current ?? DEFAULT_LOGO_URL}
          alt={t(current ? 'admin.brand.currentImage' : 'admin.brand.defaultImage')}
          width={40}
          height={40}
          className="size-10 rounded border border-slate-200 object-contain p-1"
        />
        <Input
          {...fieldA11y(id, error, true)}
          type="file"
          accept="image/png,image/jpeg,image/gif,image/svg+xml"
          onChange={(event) => void upload(event)}
          disabled={progress !== null}
          className="max-w-xs"
        />
        {current && (
          <Button type="button" variant="outline" size="sm" onClick={remove} disabled={update.isPending}>
            {t('admin.brand.removeImage')}
          </Button>
        )}
      </div>
      {progress !== null && (
        <progress className="h-2 w-48 accent-blue-700" max={1} value={progress} aria-label={t('admin.brand.uploading')} />
      )}
    </FormField>
  );
}

/** The home page's heading and sub-heading in one language as shown now (the operator's words, else the shipped ones). */
function HomeTexts({ language }: { language: Language }) {
  const texts = useTexts({ language, q: 'pages.home.', overridden: false, page: 1 });
  if (texts.isPending) return <Skeleton className="h-48 w-full" />;
  const now = (key: string) => {
    const entry = texts.data?.texts.find((text) => text.key === key);
    return entry ? (entry.override ?? entry.shipped) : '';
  };
  return (
    <HomeTextsFields language={language} initial={{ heading: now(HOME_TEXTS.heading), subheading: now(HOME_TEXTS.subheading) }} />
  );
}

/** The home page's heading and sub-heading in one language; saved as the operator's words for it. */
function HomeTextsFields({ language, initial }: { language: Language; initial: { heading: string; subheading: string } }) {
  const t = useT();
  const translateText = useTranslateText();
  const { save } = useChangeText();
  const [words, setWords] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  const headingId = useId();
  const subheadingId = useId();
  const dir = directionOf(language);

  const submit = async () => {
    setError(undefined);
    try {
      for (const [part, key] of Object.entries(HOME_TEXTS) as [keyof typeof HOME_TEXTS, string][]) {
        const message = words[part].trim();
        if (message && message !== initial[part]) await save.mutateAsync({ language, key, message });
      }
      notify.success(t('admin.brand.homeSaved', { language: SHIPPED_LANGUAGES[language].name }));
    } catch (failure) {
      setError(translateText(errorMessage(failure, t('admin.settings.saveFailed'))));
    }
  };

  return (
    <fieldset className="grid gap-3 rounded-md border border-slate-200 p-4">
      <legend lang={language} className="px-1 text-sm font-semibold text-slate-900">
        {SHIPPED_LANGUAGES[language].name}
      </legend>
      <FormField id={headingId} label={t('admin.brand.homeHeading')}>
        <Input
          id={headingId}
          lang={language}
          dir={dir}
          maxLength={200}
          value={words.heading}
          onChange={(event) => setWords({ ...words, heading: event.target.value })}
        />
      </FormField>
      <FormField id={subheadingId} label={t('admin.brand.homeSubheading')} error={error}>
        <Input
          {...fieldA11y(subheadingId, error)}
          lang={language}
          dir={dir}
          maxLength={400}
          value={words.subheading}
          onChange={(event) => setWords({ ...words, subheading: event.target.value })}
        />
      </FormField>
      <div>
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => void submit()}
          disabled={save.isPending || (!words.heading.trim() && !words.subheading.trim())}
        >
          {t('admin.brand.homeSave', { language: SHIPPED_LANGUAGES[language].name })}
        </Button>
      </div>
    </fieldset>
  );
}

/** The header bar, a button and a link in the chosen name and colour. */
function BrandPreview({ name, colour, logo }: { name: string; colour: string; logo: string | null }) {
  const t = useT();
  const usable = isHexColour(colour);
  const ratio = usable ? primaryColourContrast(colour) : null;
  const passes = ratio !== null && ratio >= MIN_CONTRAST;
  const shown = usable ? colour : '#1d4ed8';
  return (
    <div className="grid gap-3">
      <div aria-hidden="true" className="overflow-hidden rounded-md border border-slate-200">
        <div className="flex h-12 items-center gap-2 border-b border-slate-200 bg-white px-3 font-bold text-slate-900">
          <img src={logo ?? DEFAULT_LOGO_URL} alt="" width={24} height={24} className="size-6 object-contain" />
          <span>{name || '…'}</span>
        </div>
        <div className="flex flex-wrap items-center gap-4 bg-white p-3">
          <span className="rounded-md px-3 py-1.5 text-sm font-medium text-white" style={{ backgroundColor: shown }}>
            {t('admin.brand.previewButton')}
          </span>
          <span className="text-sm font-medium underline" style={{ color: shown }}>
            {t('admin.brand.previewLink')}
          </span>
        </div>
      </div>
      {ratio !== null && (
        <p role="status" className={passes ? 'text-sm text-green-800' : 'text-sm text-red-700'}>
          {t(passes ? 'admin.brand.contrastPasses' : 'admin.brand.contrastFails', {
            ratio: formatNumber(Math.floor(ratio * 10) / 10),
          })}
        </p>
      )}
    </div>
  );
}

export function BrandSettings({ initial, languages }: { initial: PlatformSettingsAnswer; languages: readonly string[] }) {
  const t = useT();
  const translateText = useTranslateText();
  const brand = useBrand();
  const refresh = useRefreshBrand();
  const update = useUpdatePlatformSettings();
  const stored = new Map(initial.settings.map(({ key, value }) => [key, value]));
  const form = useForm<BrandForm>({
    resolver: zodResolver(BrandFormSchema),
    defaultValues: {
      brand_name: stored.get('brand_name') || brand.name,
      brand_primary_color: stored.get('brand_primary_color') || brand.primaryColor,
      brand_support_email: stored.get('brand_support_email') ?? brand.supportEmail,
    },
  });
  const { errors } = form.formState;
  const ids = { name: useId(), colour: useId(), picker: useId(), email: useId() };
  const fieldError = (message: string | undefined) => (message ? translateText(message) : undefined);
  const colour = form.watch('brand_primary_color');

  const onSubmit = form.handleSubmit((values) => {
    update.mutate(BrandFormSchema.parse(values), {
      onSuccess: () => {
        void refresh();
        notify.success(t('admin.brand.saved'));
      },
      onError: (failure) => {
        placeServerError(form, failure, {
          fields: ['brand_name', 'brand_primary_color', 'brand_support_email'],
          fallback: t('admin.settings.saveFailed'),
        });
      },
    });
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('admin.brand.title')}</CardTitle>
        <CardDescription>{t('admin.brand.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4 md:grid-cols-2">
          <div className="grid gap-4">
            <FormField id={ids.name} label={t('admin.brand.name')} error={fieldError(errors.brand_name?.message)}>
              <Input {...fieldA11y(ids.name, errors.brand_name?.message)} maxLength={60} {...form.register('brand_name')} />
            </FormField>
            <FormField
              id={ids.colour}
              label={t('admin.brand.colour')}
              hint={t('admin.brand.colourHint')}
              error={fieldError(errors.brand_primary_color?.message)}
            >
              <div className="flex items-center gap-2">
                <input
                  id={ids.picker}
                  type="color"
                  aria-label={t('admin.brand.colourPicker')}
                  value={isHexColour(colour.toLowerCase()) ? colour.toLowerCase() : '#1d4ed8'}
                  onChange={(event) => form.setValue('brand_primary_color', event.target.value, { shouldValidate: true })}
                  className="h-10 w-12 cursor-pointer rounded border border-slate-300 bg-white p-1"
                />
                <Input
                  {...fieldA11y(ids.colour, errors.brand_primary_color?.message, true)}
                  dir="ltr"
                  maxLength={7}
                  className="w-32 font-mono"
                  {...form.register('brand_primary_color')}
                />
              </div>
            </FormField>
            <FormField
              id={ids.email}
              label={t('admin.brand.supportEmail')}
              hint={t('admin.brand.supportEmailHint')}
              error={fieldError(errors.brand_support_email?.message)}
            >
              <Input
                {...fieldA11y(ids.email, errors.brand_support_email?.message, true)}
                type="email"
                dir="ltr"
                autoComplete="off"
                {...form.register('brand_support_email')}
              />
            </FormField>
            {errors.root?.message && (
              <Alert variant="error" title={t('admin.settings.notSaved')}>
                {translateText(errors.root.message)}
              </Alert>
            )}
            <div>
              <Button type="submit" disabled={update.isPending}>
                {t(update.isPending ? 'admin.settings.saving' : 'admin.brand.save')}
              </Button>
            </div>
          </div>
          <BrandPreview name={form.watch('brand_name')} colour={colour.trim().toLowerCase()} logo={brand.logoUrl} />
        </form>
        <div className="grid gap-4 sm:grid-cols-2">
          <BrandImageField which="logo" current={brand.logoUrl} />
          <BrandImageField which="favicon" current={brand.faviconUrl} />
        </div>
        <div className="grid gap-3">
          <h3 className="text-sm font-semibold text-slate-900">{t('admin.brand.home')}</h3>
          <p className="text-sm text-slate-600">{t('admin.brand.homeHint')}</p>
          <div className="grid gap-4 lg:grid-cols-2">
            {languages.filter(isLanguage).map((language) => (
              <HomeTexts key={language} language={language} />
            ))}
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
