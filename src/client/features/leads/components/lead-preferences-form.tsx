/**
 * Issue 19, a company's lead preferences in the owner's profile (the Leads tab): the pause ("Not
 * taking new requests", with an optional return date) and the weekly coin cap on first replies,
 * with what the company spent this week. Left alone, they mean what they meant before.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '@/client/components/ui/alert';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { FormField, fieldA11y } from '@/client/components/ui/form-field';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { Skeleton } from '@/client/components/ui/skeleton';
import { Switch } from '@/client/components/ui/switch';
import { errorMessage } from '@/client/lib/api';
import { notify } from '@/client/lib/notify';
import {
  addDays,
  LeadPreferencesBodySchema,
  MAX_PAUSE_DAYS,
  MAX_WEEKLY_COIN_CAP,
  NOT_TAKING_REQUESTS,
  utcToday,
  type LeadPreferences,
} from '@/shared/schemas/leads';
import { useLeadPreferences } from '../api/get-lead-preferences';
import { useUpdateLeadPreferences } from '../api/update-lead-preferences';

// The input's text: empty is no cap, anything else goes through the shared rule (which takes
// any input; here it only ever receives the text).
const weeklyCoinCap = LeadPreferencesBodySchema.shape.weeklyCoinCap as unknown as z.ZodType<number | null, string>;
const returnsOn = LeadPreferencesBodySchema.shape.returnsOn as unknown as z.ZodType<string | null, string>;
const FormSchema = z.object({
  weeklyCoinCap: z.string().trim().pipe(weeklyCoinCap),
  paused: z.boolean(),
  returnsOn: z.string().trim().pipe(returnsOn),
});
type FormInput = z.input<typeof FormSchema>;
type FormOutput = z.output<typeof FormSchema>;

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

/** The form's values from the saved preferences: a pause whose return date passed shows as off. */
const toFormValues = (saved: LeadPreferences): FormInput => ({
  weeklyCoinCap: saved.weeklyCoinCap === null ? '' : String(saved.weeklyCoinCap),
  paused: !saved.takingRequests,
  returnsOn: !saved.takingRequests && saved.returnsOn !== null ? saved.returnsOn : '',
});

function PreferencesForm({ companyId, preferences }: { companyId: number; preferences: LeadPreferences }) {
  const uid = useId();
  const capId = `${uid}-weekly-cap`;
  const pauseId = `${uid}-paused`;
  const returnId = `${uid}-returns-on`;
  const update = useUpdateLeadPreferences(companyId);
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(FormSchema),
    defaultValues: toFormValues(preferences),
  });
  const capError = form.formState.errors.weeklyCoinCap?.message;
  const returnError = form.formState.errors.returnsOn?.message;
  const busy = form.formState.isSubmitting;
  const paused = form.watch('paused');

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync({
        weeklyCoinCap: values.weeklyCoinCap,
        paused: values.paused,
        returnsOn: values.paused ? values.returnsOn : null,
      });
      form.reset(toFormValues(saved));
      notify.success('Lead preferences saved');
    } catch (failure) {
      const text = errorMessage(failure, 'Please try again.');
      form.setError(/return date/i.test(text) ? 'returnsOn' : 'weeklyCoinCap', { message: text });
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
  let body;
  if (preferences.isPending) {
    body = (
      <div aria-busy="true" aria-label="Loading lead preferences" className="grid gap-3">
        <Skeleton className="h-5 w-72" />
        <Skeleton className="h-10 w-40" />
        <Skeleton className="h-10 w-36" />
      </div>
    );
  } else if (preferences.isError) {
    body = (
      <Alert variant="error" title="Failed to load lead preferences">
        {errorMessage(preferences.error, 'Please try again.')}{' '}
        <Button variant="link" onClick={() => void preferences.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  } else body = <PreferencesForm key={companyId} companyId={companyId} preferences={preferences.data} />;
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
