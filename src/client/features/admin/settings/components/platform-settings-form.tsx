/**
 * Platform settings: four platform-wide notification switches that override every user's own
 * preferences, and the quote inactivity timeout after which a quote with no message activity is
 * marked completed (0 turns that off), and the most companies one quote request may go to (0 = no
 * cap); the default language and the languages offered (unset, the environment's DEFAULT_LANGUAGE
 * and LANGUAGES decide, and the form shows what they give). One Save.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '@/client/components/ui/alert';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Checkbox } from '@/client/components/ui/checkbox';
import { cn } from '@/client/components/ui/cn';
import { fieldA11y } from '@/client/components/ui/form-field';
import { fieldClasses, Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { Skeleton } from '@/client/components/ui/skeleton';
import { Switch } from '@/client/components/ui/switch';
import { errorMessage } from '@/client/lib/api';
import { useAppConfig } from '@/client/lib/app-config';
import { placeServerError } from '@/client/lib/form-errors';
import { useT, useTranslateText, type MessageKey } from '@/client/lib/i18n';
import { notify } from '@/client/lib/notify';
import { DEFAULT_MAX_COMPANIES_PER_QUOTE, MAX_COMPANIES_PER_QUOTE_LIMIT } from '@/shared/constants';
import { directionOf, isLanguage, LANGUAGE_CODES, SHIPPED_LANGUAGES, SOURCE_LANGUAGE } from '@/shared/i18n/languages';
import { PlatformSettingsBodySchema } from '@/shared/schemas/admin';
import { usePlatformSettings, type PlatformSettingsAnswer } from '../api/get-platform-settings';
import { useUpdatePlatformSettings } from '../api/update-platform-settings';
import { BrandSettings } from './brand-settings';

const SWITCHES = [
  {
    key: 'notifications_email_quotes_enabled',
    label: 'admin.settings.emailQuotes',
    description: 'admin.settings.emailQuotesHint',
  },
  {
    key: 'notifications_email_messages_enabled',
    label: 'admin.settings.emailMessages',
    description: 'admin.settings.emailMessagesHint',
  },
  {
    key: 'notifications_sms_quotes_enabled',
    label: 'admin.settings.smsQuotes',
    description: 'admin.settings.smsQuotesHint',
  },
  {
    key: 'notifications_sms_messages_enabled',
    label: 'admin.settings.smsMessages',
    description: 'admin.settings.smsMessagesHint',
  },
] as const satisfies readonly { key: string; label: MessageKey; description: MessageKey }[];
type SwitchKey = (typeof SWITCHES)[number]['key'];

const DEFAULT_TIMEOUT_DAYS = 30;
// The shared fields take a number (or its plain digits); here they only ever receive a number.
const timeoutDays = PlatformSettingsBodySchema.shape.quote_inactivity_timeout_days.unwrap() as unknown as z.ZodType<
  number,
  number
>;
const maxCompanies = PlatformSettingsBodySchema.shape.quote_max_companies.unwrap() as unknown as z.ZodType<number, number>;
// The languages' shared rules; the form hands them a code and a list of codes.
const defaultLanguage = PlatformSettingsBodySchema.shape.default_language.unwrap() as unknown as z.ZodType<string, string>;
const offeredLanguages = PlatformSettingsBodySchema.shape.offered_languages.unwrap() as unknown as z.ZodType<string[], string[]>;

/** A number input's text; empty or not a number becomes 0 (off / no cap), then the shared rule. */
const numberText = (rule: z.ZodType<number, number>) =>
  z
    .string()
    .trim()
    .transform((text) => {
      const value = Number(text);
      return text === '' || Number.isNaN(value) ? 0 : value;
    })
    .pipe(rule);

/** The number input's text; a non-number becomes 0 (auto-completion off), then 0–365 whole days. */
const PlatformSettingsFormSchema = z.object({
  notifications_email_quotes_enabled: z.boolean(),
  notifications_email_messages_enabled: z.boolean(),
  notifications_sms_quotes_enabled: z.boolean(),
  notifications_sms_messages_enabled: z.boolean(),
  quote_inactivity_timeout_days: numberText(timeoutDays),
  quote_max_companies: numberText(maxCompanies),
  default_language: defaultLanguage,
  offered_languages: offeredLanguages,
});
/** The inputs that show their own error (a refusal names them by the body's keys). */
const FIELD_KEYS = ['quote_inactivity_timeout_days', 'quote_max_companies', 'default_language', 'offered_languages'] as const;
type FormInput = z.input<typeof PlatformSettingsFormSchema>;
type FormOutput = z.output<typeof PlatformSettingsFormSchema>;

/** The languages offered now, when the settings store none: the environment's, as the app config tells. */
interface LanguageOffer {
  defaultLanguage: string;
  languages: readonly string[];
}
const SHIPPED_OFFER: LanguageOffer = { defaultLanguage: SOURCE_LANGUAGE, languages: LANGUAGE_CODES };

/**
 * The stored languages, else the offer in force; as the server reads them: the default is a shipped
 * language and always offered, the list keeps the shipped ones, in the order the app lists them.
 */
function languageValues(values: Map<string, string>, fallback: LanguageOffer) {
  const stored = values.get('default_language');
  const chosenDefault = [stored, fallback.defaultLanguage].find(isLanguage) ?? SOURCE_LANGUAGE;
  const listed = values.get('offered_languages')?.split(',') ?? fallback.languages;
  const offered = new Set<string>([chosenDefault, ...listed.map((code) => code.trim())]);
  return { default_language: chosenDefault, offered_languages: LANGUAGE_CODES.filter((code) => offered.has(code)) };
}

/** String key/values → form values; a missing switch counts as on, as seeded. */
function toFormValues(answer: PlatformSettingsAnswer, offer: LanguageOffer): FormInput {
  const values = new Map(answer.settings.map(({ key, value }) => [key, value]));
  const on = (key: SwitchKey) => (values.get(key) ?? 'true') === 'true';
  const days = values.get('quote_inactivity_timeout_days');
  const cap = values.get('quote_max_companies');
  return {
    ...languageValues(values, offer),
    notifications_email_quotes_enabled: on('notifications_email_quotes_enabled'),
    notifications_email_messages_enabled: on('notifications_email_messages_enabled'),
    notifications_sms_quotes_enabled: on('notifications_sms_quotes_enabled'),
    notifications_sms_messages_enabled: on('notifications_sms_messages_enabled'),
    quote_inactivity_timeout_days: days === undefined ? String(DEFAULT_TIMEOUT_DAYS) : days,
    quote_max_companies: cap === undefined ? String(DEFAULT_MAX_COMPANIES_PER_QUOTE) : cap,
  };
}

const sameLanguages = (a: readonly string[] | undefined, b: readonly string[]) =>
  a !== undefined && a.length === b.length && a.every((code) => b.includes(code));

function SettingsForm({ initial, offer }: { initial: PlatformSettingsAnswer; offer: LanguageOffer }) {
  const t = useT();
  const translateText = useTranslateText();
  const uid = useId();
  const update = useUpdatePlatformSettings();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(PlatformSettingsFormSchema),
    defaultValues: toFormValues(initial, offer),
  });
  const { errors } = form.formState;
  /** A shared schema's or the server's English words, in the page's language. */
  const shown = (message: string | undefined) => (message ? translateText(message) : undefined);
  const timeoutId = `${uid}-timeout`;
  const timeoutError = shown(errors.quote_inactivity_timeout_days?.message);
  const capId = `${uid}-max-companies`;
  const capError = shown(errors.quote_max_companies?.message);
  const defaultLanguageId = `${uid}-default-language`;
  const defaultLanguageError = shown(errors.default_language?.message);
  const offeredId = `${uid}-offered-languages`;
  const offeredError = shown(errors.offered_languages?.message ?? errors.offered_languages?.root?.message);
  const formError = shown(errors.root?.message);
  const busy = form.formState.isSubmitting;
  const offered = form.watch('offered_languages');
  const chosenDefault = form.watch('default_language');

  const submit = form.handleSubmit(async (values) => {
    // The languages are sent once the admin changes them: until then the environment keeps deciding.
    const before = form.formState.defaultValues;
    const languagesChanged =
      values.default_language !== before?.default_language ||
      !sameLanguages(
        before?.offered_languages?.filter((code) => code !== undefined),
        values.offered_languages,
      );
    const { default_language, offered_languages, ...others } = values;
    try {
      const answer = await update.mutateAsync(languagesChanged ? values : others);
      form.reset(
        answer?.settings
          ? toFormValues(answer, offer)
          : {
              ...others,
              default_language,
              offered_languages,
              quote_inactivity_timeout_days: String(values.quote_inactivity_timeout_days),
              quote_max_companies: String(values.quote_max_companies),
            },
      );
      notify.success(t('admin.settings.saved'));
    } catch (failure) {
      console.warn('Failed to update platform settings', failure);
      // Under the input the answer names; the switches cannot be wrong from this form.
      const text = placeServerError(form, failure, { fields: FIELD_KEYS, fallback: t('admin.common.errorOccurred') });
      notify.error(t('admin.settings.saveFailed'), translateText(text));
    }
  });

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-6">
      <Card>
        <CardHeader>
          <CardTitle>{t('admin.settings.notifications')}</CardTitle>
          <CardDescription>{t('admin.settings.notificationsDescription')}</CardDescription>
        </CardHeader>
        <CardContent className="divide-y divide-slate-100">
          {SWITCHES.map(({ key, label, description }) => {
            const id = `${uid}-${key}`;
            return (
              <div key={key} className="flex items-center justify-between gap-4 py-3">
                <div className="min-w-0">
                  <Label htmlFor={id} className="text-sm font-medium text-slate-900">
                    {t(label)}
                  </Label>
                  <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
                    {t(description)}
                  </p>
                </div>
                <Controller
                  control={form.control}
                  name={key}
                  render={({ field }) => (
                    <Switch
                      id={id}
                      aria-describedby={`${id}-hint`}
                      checked={field.value}
                      onCheckedChange={field.onChange}
                      onBlur={field.onBlur}
                      ref={field.ref}
                      disabled={busy}
                    />
                  )}
                />
              </div>
            );
          })}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t('admin.settings.quotes')}</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-1.5">
          <Label htmlFor={timeoutId}>{t('admin.settings.timeout')}</Label>
          <Input
            type="number"
            inputMode="numeric"
            min={0}
            max={365}
            step={1}
            className="w-32"
            disabled={busy}
            {...fieldA11y(timeoutId, timeoutError, true)}
            {...form.register('quote_inactivity_timeout_days')}
          />
          <p id={`${timeoutId}-hint`} className="text-xs text-slate-600">
            {t('admin.settings.timeoutHint')}
          </p>
          {timeoutError && (
            <p id={`${timeoutId}-error`} role="alert" className="text-sm text-red-700">
              {timeoutError}
            </p>
          )}
          <Label htmlFor={capId} className="mt-4">
            {t('admin.settings.maxCompanies')}
          </Label>
          <Input
            type="number"
            inputMode="numeric"
            min={0}
            max={MAX_COMPANIES_PER_QUOTE_LIMIT}
            step={1}
            className="w-32"
            disabled={busy}
            {...fieldA11y(capId, capError, true)}
            {...form.register('quote_max_companies')}
          />
          <p id={`${capId}-hint`} className="text-xs text-slate-600">
            {t('admin.settings.maxCompaniesHint', { max: MAX_COMPANIES_PER_QUOTE_LIMIT })}
          </p>
          {capError && (
            <p id={`${capId}-error`} role="alert" className="text-sm text-red-700">
              {capError}
            </p>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t('admin.settings.languages')}</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-1.5">
          <Label htmlFor={defaultLanguageId}>{t('admin.settings.defaultLanguage')}</Label>
          <select
            className={cn(fieldClasses, 'h-10 w-full py-2 sm:w-56')}
            disabled={busy}
            {...fieldA11y(defaultLanguageId, defaultLanguageError, true)}
            {...form.register('default_language')}
          >
            {LANGUAGE_CODES.filter((code) => offered.includes(code)).map((code) => (
              <option key={code} value={code} lang={code}>
                {SHIPPED_LANGUAGES[code].name}
              </option>
            ))}
          </select>
          <p id={`${defaultLanguageId}-hint`} className="text-xs text-slate-600">
            {t('admin.settings.defaultLanguageHint')}
          </p>
          {defaultLanguageError && (
            <p id={`${defaultLanguageId}-error`} role="alert" className="text-sm text-red-700">
              {defaultLanguageError}
            </p>
          )}
          <fieldset
            className="mt-4 flex flex-col gap-2"
            aria-describedby={[`${offeredId}-hint`, offeredError ? `${offeredId}-error` : ''].join(' ').trim()}
          >
            <legend className="mb-1.5 text-sm font-medium text-slate-900">{t('admin.settings.offeredLanguages')}</legend>
            <Controller
              control={form.control}
              name="offered_languages"
              render={({ field }) => (
                <>
                  {LANGUAGE_CODES.map((code) => {
                    const id = `${offeredId}-${code}`;
                    const isDefault = code === chosenDefault;
                    return (
                      <div key={code} className="flex items-center gap-2">
                        <Checkbox
                          id={id}
                          ref={code === LANGUAGE_CODES[0] ? field.ref : undefined}
                          checked={field.value.includes(code)}
                          // The default language is always offered: choose another default to stop offering it.
                          disabled={busy || isDefault}
                          onCheckedChange={(checked) =>
                            field.onChange(
                              LANGUAGE_CODES.filter((other) => (other === code ? checked === true : field.value.includes(other))),
                            )
                          }
                          onBlur={field.onBlur}
                        />
                        <Label htmlFor={id} lang={code} dir={directionOf(code)} className="font-normal">
                          {SHIPPED_LANGUAGES[code].name}
                        </Label>
                      </div>
                    );
                  })}
                </>
              )}
            />
            <p id={`${offeredId}-hint`} className="text-xs text-slate-600">
              {t('admin.settings.offeredLanguagesHint')}
            </p>
            {offeredError && (
              <p id={`${offeredId}-error`} role="alert" className="text-sm text-red-700">
                {offeredError}
              </p>
            )}
          </fieldset>
        </CardContent>
      </Card>
      {formError && (
        <Alert variant="error" title={t('admin.settings.notSaved')}>
          {formError}
        </Alert>
      )}
      <div>
        <Button type="submit" disabled={busy}>
          {t(busy ? 'admin.settings.saving' : 'admin.settings.save')}
        </Button>
      </div>
    </form>
  );
}

function LoadingSettings() {
  const t = useT();
  return (
    <div aria-busy="true" aria-label={t('admin.settings.loading')} className="grid gap-6">
      <Card className="grid gap-4 p-6">
        <Skeleton className="h-6 w-40" />
        {Array.from({ length: 4 }, (_, index) => (
          <div key={index} className="flex items-center justify-between gap-4">
            <Skeleton className="h-5 w-64" />
            <Skeleton className="h-6 w-11 rounded-full" />
          </div>
        ))}
      </Card>
      <Card className="grid gap-3 p-6">
        <Skeleton className="h-6 w-32" />
        <Skeleton className="h-10 w-32" />
        <Skeleton className="h-10 w-32" />
      </Card>
      <Skeleton className="h-10 w-20" />
    </div>
  );
}

export function PlatformSettings() {
  const t = useT();
  const translateText = useTranslateText();
  const settings = usePlatformSettings();
  // The languages offered now, for a form whose settings store none (the environment's choice).
  const config = useAppConfig();
  let body;
  if (settings.isPending || config.isPending) body = <LoadingSettings />;
  else if (settings.isError) {
    body = (
      <Alert variant="error" title={t('admin.settings.loadFailed')}>
        {translateText(errorMessage(settings.error, t('admin.common.tryAgain')))}{' '}
        <Button variant="link" onClick={() => void settings.refetch()}>
          {t('admin.common.tryAgainButton')}
        </Button>
      </Alert>
    );
  } else {
    const offer = config.data
      ? { defaultLanguage: config.data.defaultLanguage, languages: config.data.languages.map(({ code }) => code) }
      : SHIPPED_OFFER;
    body = (
      <>
        <SettingsForm initial={settings.data} offer={offer} />
        <BrandSettings initial={settings.data} languages={offer.languages} />
      </>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">{t('admin.settings.title')}</h1>
        <p className="text-sm text-slate-600">{t('admin.settings.description')}</p>
      </div>
      {body}
    </div>
  );
}
