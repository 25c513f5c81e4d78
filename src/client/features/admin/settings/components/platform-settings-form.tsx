/**
 * Platform settings: four platform-wide notification switches that override every user's own
 * preferences, and the quote inactivity timeout after which a quote with no message activity is
 * marked completed (0 turns that off), and the most companies one quote request may go to (0 = no
 * cap). One Save.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '@/client/components/ui/alert';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { fieldA11y } from '@/client/components/ui/form-field';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { Skeleton } from '@/client/components/ui/skeleton';
import { Switch } from '@/client/components/ui/switch';
import { errorMessage } from '@/client/lib/api';
import { placeServerError } from '@/client/lib/form-errors';
import { notify } from '@/client/lib/notify';
import { DEFAULT_MAX_COMPANIES_PER_QUOTE, MAX_COMPANIES_PER_QUOTE_LIMIT } from '@/shared/constants';
import { PlatformSettingsBodySchema } from '@/shared/schemas/admin';
import { usePlatformSettings, type PlatformSettingsAnswer } from '../api/get-platform-settings';
import { useUpdatePlatformSettings } from '../api/update-platform-settings';

const SWITCHES = [
  {
    key: 'notifications_email_quotes_enabled',
    label: 'Email notifications for quote requests',
    description: 'Companies get an email when a customer sends them a quote request.',
  },
  {
    key: 'notifications_email_messages_enabled',
    label: 'Email notifications for messages',
    description: 'Customers and companies get an email about new messages.',
  },
  {
    key: 'notifications_sms_quotes_enabled',
    label: 'SMS notifications for quote requests',
    description: 'Companies get a text message when a customer sends them a quote request.',
  },
  {
    key: 'notifications_sms_messages_enabled',
    label: 'SMS notifications for messages',
    description: 'Customers and companies get a text message about new messages.',
  },
] as const;
type SwitchKey = (typeof SWITCHES)[number]['key'];

const DEFAULT_TIMEOUT_DAYS = 30;
// The shared fields take a number (or its plain digits); here they only ever receive a number.
const timeoutDays = PlatformSettingsBodySchema.shape.quote_inactivity_timeout_days.unwrap() as unknown as z.ZodType<
  number,
  number
>;
const maxCompanies = PlatformSettingsBodySchema.shape.quote_max_companies.unwrap() as unknown as z.ZodType<number, number>;

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
});
/** The inputs that show their own error (a refusal names them by the body's keys). */
const NUMBER_KEYS = ['quote_inactivity_timeout_days', 'quote_max_companies'] as const;
type FormInput = z.input<typeof PlatformSettingsFormSchema>;
type FormOutput = z.output<typeof PlatformSettingsFormSchema>;

/** String key/values → form values; a missing switch counts as on, as seeded. */
function toFormValues(answer: PlatformSettingsAnswer): FormInput {
  const values = new Map(answer.settings.map(({ key, value }) => [key, value]));
  const on = (key: SwitchKey) => (values.get(key) ?? 'true') === 'true';
  const days = values.get('quote_inactivity_timeout_days');
  const cap = values.get('quote_max_companies');
  return {
    notifications_email_quotes_enabled: on('notifications_email_quotes_enabled'),
    notifications_email_messages_enabled: on('notifications_email_messages_enabled'),
    notifications_sms_quotes_enabled: on('notifications_sms_quotes_enabled'),
    notifications_sms_messages_enabled: on('notifications_sms_messages_enabled'),
    quote_inactivity_timeout_days: days === undefined ? String(DEFAULT_TIMEOUT_DAYS) : days,
    quote_max_companies: cap === undefined ? String(DEFAULT_MAX_COMPANIES_PER_QUOTE) : cap,
  };
}

function SettingsForm({ initial }: { initial: PlatformSettingsAnswer }) {
  const uid = useId();
  const update = useUpdatePlatformSettings();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(PlatformSettingsFormSchema),
    defaultValues: toFormValues(initial),
  });
  const timeoutId = `${uid}-timeout`;
  const timeoutError = form.formState.errors.quote_inactivity_timeout_days?.message;
  const capId = `${uid}-max-companies`;
  const capError = form.formState.errors.quote_max_companies?.message;
  const formError = form.formState.errors.root?.message;
  const busy = form.formState.isSubmitting;

  const submit = form.handleSubmit(async (values) => {
    try {
      const answer = await update.mutateAsync(values);
      form.reset(
        answer?.settings
          ? toFormValues(answer)
          : {
              ...values,
              quote_inactivity_timeout_days: String(values.quote_inactivity_timeout_days),
              quote_max_companies: String(values.quote_max_companies),
            },
      );
      notify.success('Platform settings updated successfully');
    } catch (failure) {
      console.warn('Failed to update platform settings', failure);
      // Under the number the answer names; the switches cannot be wrong from this form.
      const text = placeServerError(form, failure, { fields: NUMBER_KEYS, fallback: 'An error occurred' });
      notify.error('Failed to update platform settings', text);
    }
  });

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Notifications</CardTitle>
          <CardDescription>
            These switches apply to the whole platform: when one is off, nobody gets that kind of notification, whatever their own
            preferences say.
          </CardDescription>
        </CardHeader>
        <CardContent className="divide-y divide-slate-100">
          {SWITCHES.map(({ key, label, description }) => {
            const id = `${uid}-${key}`;
            return (
              <div key={key} className="flex items-center justify-between gap-4 py-3">
                <div className="min-w-0">
                  <Label htmlFor={id} className="text-sm font-medium text-slate-900">
                    {label}
                  </Label>
                  <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
                    {description}
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
          <CardTitle>Quotes</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-1.5">
          <Label htmlFor={timeoutId}>Quote inactivity timeout (days)</Label>
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
            A quote with no message activity for this many days (1 to 365) is marked completed. Enter 0 to disable
            auto-completion.
          </p>
          {timeoutError && (
            <p id={`${timeoutId}-error`} role="alert" className="text-sm text-red-700">
              {timeoutError}
            </p>
          )}
          <Label htmlFor={capId} className="mt-4">
            Companies per quote request
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
            A customer can send one request to at most this many companies (1 to {MAX_COMPANIES_PER_QUOTE_LIMIT}), so that pros
            who pay to reply compete with few others. Enter 0 for no cap.
          </p>
          {capError && (
            <p id={`${capId}-error`} role="alert" className="text-sm text-red-700">
              {capError}
            </p>
          )}
        </CardContent>
      </Card>
      {formError && (
        <Alert variant="error" title="Not saved">
          {formError}
        </Alert>
      )}
      <div>
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving…' : 'Save'}
        </Button>
      </div>
    </form>
  );
}

function LoadingSettings() {
  return (
    <div aria-busy="true" aria-label="Loading platform settings" className="grid gap-6">
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
  const settings = usePlatformSettings();
  let body;
  if (settings.isPending) body = <LoadingSettings />;
  else if (settings.isError) {
    body = (
      <Alert variant="error" title="Failed to load platform settings">
        {errorMessage(settings.error, 'Please try again.')}{' '}
        <Button variant="link" onClick={() => void settings.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  } else body = <SettingsForm initial={settings.data} />;

  return (
    <div className="flex flex-col gap-4">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Platform Settings</h1>
        <p className="text-sm text-slate-600">Notifications and quote rules for the whole platform.</p>
      </div>
      {body}
    </div>
  );
}
