/**
 * Issue 19, a company's lead preferences in the owner's profile (the Leads tab): the pause ("Not
 * taking new requests", with an optional return date), the weekly coin cap on first replies with
 * what the company spent this week, the service area (wherever a search finds it, a radius from
 * its ZIP code, or a list of ZIP codes) and the services it takes requests for. Left alone, they
 * mean what they meant before.
 */
import { useId } from 'react';
import { Controller, useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { Alert } from '@/client/components/ui/alert';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Checkbox } from '@/client/components/ui/checkbox';
import { FormField, fieldA11y } from '@/client/components/ui/form-field';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { Skeleton } from '@/client/components/ui/skeleton';
import { Switch } from '@/client/components/ui/switch';
import { Textarea } from '@/client/components/ui/textarea';
import { useCompany } from '@/client/entities/companies/get-company';
import { ApiError, errorMessage } from '@/client/lib/api';
import { notify } from '@/client/lib/notify';
import type { Company } from '@/shared/schemas/company';
import {
  addDays,
  LeadPreferencesBodySchema,
  MAX_PAUSE_DAYS,
  MAX_SERVICE_RADIUS_MILES,
  MAX_SERVICE_ZIPS,
  MAX_WEEKLY_COIN_CAP,
  NOT_TAKING_REQUESTS,
  SERVICE_AREA_TYPES,
  utcToday,
  workAreaText,
  type LeadPreferences,
  type LeadPreferencesBody,
  type ServiceAreaType,
} from '@/shared/schemas/leads';
import { useLeadPreferences } from '../api/get-lead-preferences';
import { useUpdateLeadPreferences } from '../api/update-lead-preferences';
import { wholeNumberFromText } from '@/shared/schemas/common';

/** The form: the inputs' text and choices. */
interface FormInput {
  weeklyCoinCap: string;
  paused: boolean;
  returnsOn: string;
  serviceArea: ServiceAreaType;
  serviceRadiusMiles: string;
  serviceZips: string;
  subcategoryIds: number[];
}
type FieldName = keyof FormInput;

/**
 * The request's body from the form, before the server's own schema checks it: the inputs' digits
 * become numbers (anything else stays text, which the schema refuses); empty is no cap, no return
 * date; the radius and the ZIP codes go only with their choice (kept in the form meanwhile).
 */
const toBody = (form: FormInput) => ({
  weeklyCoinCap: wholeNumberFromText(form.weeklyCoinCap.trim()),
  paused: form.paused,
  returnsOn: form.paused ? form.returnsOn.trim() : null,
  serviceArea: form.serviceArea,
  serviceRadiusMiles: form.serviceArea === 'radius' ? wholeNumberFromText(form.serviceRadiusMiles.trim()) : undefined,
  serviceZips: form.serviceArea === 'zips' ? form.serviceZips : undefined,
  subcategoryIds: form.subcategoryIds,
});

/** The shared schema's first message for each field ("the third ZIP code" is the ZIP codes' field). */
const resolver: Resolver<FormInput, unknown, LeadPreferencesBody> = async (values) => {
  const result = await LeadPreferencesBodySchema.safeParseAsync(toBody(values));
  if (result.success) return { values: result.data, errors: {} };
  const errors: Partial<Record<FieldName | 'root', { type: string; message: string }>> = {};
  for (const issue of result.error.issues) {
    const head = issue.path[0];
    const name = typeof head === 'string' && head in values ? (head as FieldName) : 'root';
    errors[name] ??= { type: issue.code, message: issue.message };
  }
  return { values: {}, errors: errors as FieldErrors<FormInput> };
};

/**
 * The field a refusal from the server belongs to: by its code for what only the server can check
 * (unknown ZIP codes, a service the company does not list); the format rules are the form's own
 * schema, checked before sending, and a server's answer to them is placed by its words.
 */
function fieldOfServerError(failure: unknown, message: string): FieldName | 'root' {
  const code = failure instanceof ApiError ? failure.code : undefined;
  if (code === 'SERVICE_ZIPS_UNKNOWN') return 'serviceZips';
  if (code === 'SERVICE_NOT_LISTED') return 'subcategoryIds';
  if (/return date/i.test(message)) return 'returnsOn';
  if (/weekly coin cap/i.test(message)) return 'weeklyCoinCap';
  if (/ZIP code/i.test(message)) return 'serviceZips';
  if (/radius/i.test(message)) return 'serviceRadiusMiles';
  if (/services/i.test(message)) return 'subcategoryIds';
  return 'root';
}

const coins = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'coin' : 'coins'}`;

function WeeklySpend({ preferences }: { preferences: LeadPreferences }) {
  const since = new Date(preferences.weekStartsAt).toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
  const { weeklySpend, weeklyCoinCap } = preferences;
  return (
    <p className="text-sm text-slate-700">
      Spent on first replies this week (since {since}):{' '}
      <strong>{weeklyCoinCap === null ? coins(weeklySpend) : `${coins(weeklySpend)} of ${coins(weeklyCoinCap)}`}</strong>
    </p>
  );
}

/**
 * The form's values from the saved preferences: a pause whose return date passed shows as off;
 * services the company no longer lists are dropped (saving them would be refused).
 */
const toFormValues = (saved: LeadPreferences, company: Company): FormInput => ({
  weeklyCoinCap: saved.weeklyCoinCap === null ? '' : String(saved.weeklyCoinCap),
  paused: !saved.takingRequests,
  returnsOn: !saved.takingRequests && saved.returnsOn !== null ? saved.returnsOn : '',
  serviceArea: saved.serviceArea.type,
  serviceRadiusMiles: saved.serviceArea.radiusMiles === null ? '' : String(saved.serviceArea.radiusMiles),
  serviceZips: saved.serviceArea.zips.join(', '),
  subcategoryIds: saved.subcategoryIds.filter((id) => company.subcategories.some((sub) => sub.id === id)),
});

/** The saved area in the words of the company's page. */
const savedAreaText = ({ serviceArea: area }: LeadPreferences, company: Company) =>
  workAreaText(
    area.type === 'radius' && area.radiusMiles !== null
      ? { type: 'radius', radiusMiles: area.radiusMiles, zip: company.zip }
      : area.type === 'zips' && area.zips.length > 0
        ? { type: 'zips', zips: area.zips }
        : null,
    company.zip,
    company.city,
    company.state,
  );

const AREA_LABELS: Record<ServiceAreaType, (zip: string) => string> = {
  anywhere: (zip) => `Wherever a search near ${zip} finds us`,
  radius: (zip) => `Within a radius of ${zip}`,
  zips: () => 'Only in these ZIP codes',
};

function PreferencesForm({ company, preferences }: { company: Company; preferences: LeadPreferences }) {
  const uid = useId();
  const capId = `${uid}-weekly-cap`;
  const pauseId = `${uid}-paused`;
  const returnId = `${uid}-returns-on`;
  const areaId = `${uid}-area`;
  const radiusId = `${uid}-radius`;
  const zipsId = `${uid}-zips`;
  const servicesId = `${uid}-services`;
  const update = useUpdateLeadPreferences(company.id);
  const form = useForm<FormInput, unknown, LeadPreferencesBody>({
    resolver,
    defaultValues: toFormValues(preferences, company),
  });
  const { errors } = form.formState;
  const capError = errors.weeklyCoinCap?.message;
  const returnError = errors.returnsOn?.message;
  const radiusError = errors.serviceRadiusMiles?.message;
  const zipsError = errors.serviceZips?.message;
  const servicesError = errors.subcategoryIds?.message;
  const formError = errors.root?.message;
  const busy = form.formState.isSubmitting;
  const paused = form.watch('paused');
  const area = form.watch('serviceArea');

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync(values);
      form.reset(toFormValues(saved, company));
      notify.success('Lead preferences saved');
    } catch (failure) {
      const text = errorMessage(failure, 'Please try again.');
      form.setError(fieldOfServerError(failure, text), { message: text });
      notify.error('Failed to save lead preferences', text);
    }
  });

  return (
    <form noValidate onSubmit={submit} className="grid gap-4" aria-label="Lead preferences">
      <div className="flex items-center justify-between gap-4 rounded-md border border-slate-200 p-3">
        <div className="min-w-0">
          <Label htmlFor={pauseId} className="text-sm font-medium text-slate-900">
            {NOT_TAKING_REQUESTS}
          </Label>
          <p id={`${pauseId}-hint`} className="mt-1 text-xs text-slate-600">
            While on, customers cannot pick this company for a new quote request and see why; conversations already open go on.
          </p>
        </div>
        <Controller
          control={form.control}
          name="paused"
          render={({ field }) => (
            <Switch
              id={pauseId}
              aria-describedby={`${pauseId}-hint`}
              checked={field.value}
              onCheckedChange={(on) => {
                field.onChange(on);
                // The return date belongs to the pause: switched off, it goes too.
                if (!on) form.setValue('returnsOn', '');
              }}
              onBlur={field.onBlur}
              ref={field.ref}
              disabled={busy}
            />
          )}
        />
      </div>
      {paused && (
        <FormField
          id={returnId}
          label="Back on (optional)"
          error={returnError}
          hint="The day this company takes new requests again (UTC). Leave empty to stay paused until you switch it off."
        >
          <Input
            type="date"
            className="w-48"
            min={addDays(utcToday(), 1)}
            max={addDays(utcToday(), MAX_PAUSE_DAYS)}
            disabled={busy}
            {...fieldA11y(returnId, returnError, true)}
            {...form.register('returnsOn')}
          />
        </FormField>
      )}
      <WeeklySpend preferences={preferences} />
      <FormField
        id={capId}
        label="Weekly coin cap"
        error={capError}
        hint={`The most coins this company spends on first replies each week, from Monday 00:00 UTC (1 to ${MAX_WEEKLY_COIN_CAP.toLocaleString('en-US')}). A reply that would pass it is refused before any charge. Leave empty for no cap.`}
      >
        <Input
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_WEEKLY_COIN_CAP}
          step={1}
          className="w-40"
          placeholder="No cap"
          disabled={busy}
          {...fieldA11y(capId, capError, true)}
          {...form.register('weeklyCoinCap')}
        />
      </FormField>

      {/* The rule above each section sits on a wrapper: a fieldset draws its legend into its own border. */}
      <div className="border-t border-slate-200 pt-4">
        <fieldset className="grid gap-3" aria-describedby={`${areaId}-hint ${areaId}-saved`}>
          <legend className="mb-1 text-base font-semibold text-slate-900">Service area</legend>
          <p id={`${areaId}-hint`} className="text-sm text-slate-700">
            Where {company.name} takes requests. A search near a place outside it does not list the company.
          </p>
          <p id={`${areaId}-saved`} className="text-sm text-slate-700">
            Customers see: <strong>{savedAreaText(preferences, company)}</strong>
          </p>
          {SERVICE_AREA_TYPES.map((type) => (
            <div key={type} className="grid gap-2">
              <label className="flex items-start gap-2 text-sm text-slate-800">
                <input
                  type="radio"
                  value={type}
                  className="mt-0.5 size-4 shrink-0"
                  disabled={busy}
                  {...form.register('serviceArea')}
                />
                {AREA_LABELS[type](company.zip)}
              </label>
              {type === 'radius' && area === 'radius' && (
                <FormField
                  id={radiusId}
                  label={`Miles from ${company.zip}`}
                  error={radiusError}
                  hint={`From 1 to ${MAX_SERVICE_RADIUS_MILES} miles, measured from the centre of ${company.zip}.`}
                  className="ml-6"
                >
                  <Input
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={MAX_SERVICE_RADIUS_MILES}
                    step={1}
                    className="w-32"
                    disabled={busy}
                    {...fieldA11y(radiusId, radiusError, true)}
                    {...form.register('serviceRadiusMiles')}
                  />
                </FormField>
              )}
              {type === 'zips' && area === 'zips' && (
                <FormField
                  id={zipsId}
                  label="ZIP codes"
                  error={zipsError}
                  hint={`5-digit ZIP codes separated by commas or spaces, up to ${MAX_SERVICE_ZIPS}.`}
                  className="ml-6"
                >
                  <Textarea
                    rows={3}
                    className="max-w-md"
                    placeholder={`${company.zip}, …`}
                    disabled={busy}
                    {...fieldA11y(zipsId, zipsError, true)}
                    {...form.register('serviceZips')}
                  />
                </FormField>
              )}
            </div>
          ))}
        </fieldset>
      </div>

      <div className="border-t border-slate-200 pt-4">
        <fieldset
          className="grid gap-3"
          aria-describedby={[`${servicesId}-hint`, servicesError ? `${servicesId}-error` : null].filter(Boolean).join(' ')}
        >
          <legend className="mb-1 text-base font-semibold text-slate-900">Services you take requests for</legend>
          <p id={`${servicesId}-hint`} className="text-sm text-slate-700">
            Leave all unticked to take requests for every service. Ticked ones only: a listing of another service leaves{' '}
            {company.name} out.
          </p>
          {company.subcategories.length === 0 ? (
            <p className="text-sm text-slate-600">{company.name} lists no services yet: it takes requests for every one.</p>
          ) : (
            <Controller
              control={form.control}
              name="subcategoryIds"
              render={({ field }) => {
                const chosen = new Set(field.value);
                const toggle = (id: number, checked: boolean) => {
                  const next = new Set(chosen);
                  if (checked) next.add(id);
                  else next.delete(id);
                  field.onChange(company.subcategories.map((sub) => sub.id).filter((subId) => next.has(subId)));
                };
                return (
                  <ul className="grid gap-x-4 gap-y-2 sm:grid-cols-2">
                    {company.subcategories.map((sub, index) => {
                      const boxId = `${servicesId}-${sub.id}`;
                      return (
                        <li key={sub.id} className="flex items-center gap-2">
                          <Checkbox
                            id={boxId}
                            ref={index === 0 ? field.ref : undefined}
                            checked={chosen.has(sub.id)}
                            onCheckedChange={(checked) => toggle(sub.id, checked === true)}
                            onBlur={field.onBlur}
                            disabled={busy}
                          />
                          <label htmlFor={boxId} className="text-sm text-slate-800">
                            {sub.name}
                          </label>
                        </li>
                      );
                    })}
                  </ul>
                );
              }}
            />
          )}
          {servicesError && (
            <p id={`${servicesId}-error`} role="alert" className="text-sm text-red-700">
              {servicesError}
            </p>
          )}
        </fieldset>
      </div>

      {formError && (
        <Alert variant="error" title="Not saved">
          {formError}
        </Alert>
      )}
      <div>
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving…' : 'Save preferences'}
        </Button>
      </div>
    </form>
  );
}

export function LeadPreferencesPanel({ companyId, companyName }: { companyId: number; companyName: string }) {
  const preferences = useLeadPreferences(companyId);
  // Its ZIP code and services, for the service area and the services it takes.
  const company = useCompany(companyId);
  let body;
  if (preferences.isPending || company.isPending) {
    body = (
      <div aria-busy="true" aria-label="Loading lead preferences" className="grid gap-3">
        <Skeleton className="h-5 w-72" />
        <Skeleton className="h-10 w-40" />
        <Skeleton className="h-10 w-36" />
      </div>
    );
  } else if (preferences.isError || company.isError) {
    body = (
      <Alert variant="error" title="Failed to load lead preferences">
        {errorMessage(preferences.error ?? company.error, 'Please try again.')}{' '}
        <Button
          variant="link"
          onClick={() => {
            if (preferences.isError) void preferences.refetch();
            if (company.isError) void company.refetch();
          }}
        >
          Try again
        </Button>
      </Alert>
    );
  } else body = <PreferencesForm key={companyId} company={company.data} preferences={preferences.data} />;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Lead preferences: {companyName}</CardTitle>
        <CardDescription>What {companyName} takes quote requests on, and what it spends on them.</CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
