/**
 * Issue 19, a company's lead preferences in the owner's profile (the Leads tab): the weekly coin
 * cap on first replies, with what the company spent this week. Empty means no cap, as before.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '@/client/components/ui/alert';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { FormField, fieldA11y } from '@/client/components/ui/form-field';
import { Input } from '@/client/components/ui/input';
import { Skeleton } from '@/client/components/ui/skeleton';
import { errorMessage } from '@/client/lib/api';
import { notify } from '@/client/lib/notify';
import { LeadPreferencesBodySchema, MAX_WEEKLY_COIN_CAP, type LeadPreferences } from '@/shared/schemas/leads';
import { useLeadPreferences } from '../api/get-lead-preferences';
import { useUpdateLeadPreferences } from '../api/update-lead-preferences';

// The input's text: empty is no cap, anything else goes through the shared rule (which takes
// any input; here it only ever receives the text).
const weeklyCoinCap = LeadPreferencesBodySchema.shape.weeklyCoinCap as unknown as z.ZodType<number | null, string>;
const FormSchema = z.object({ weeklyCoinCap: z.string().trim().pipe(weeklyCoinCap) });
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

function PreferencesForm({ companyId, preferences }: { companyId: number; preferences: LeadPreferences }) {
  const uid = useId();
  const capId = `${uid}-weekly-cap`;
  const update = useUpdateLeadPreferences(companyId);
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(FormSchema),
    defaultValues: { weeklyCoinCap: preferences.weeklyCoinCap === null ? '' : String(preferences.weeklyCoinCap) },
  });
  const capError = form.formState.errors.weeklyCoinCap?.message;
  const busy = form.formState.isSubmitting;

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync(values);
      form.reset({ weeklyCoinCap: saved.weeklyCoinCap === null ? '' : String(saved.weeklyCoinCap) });
      notify.success('Lead preferences saved');
    } catch (failure) {
      const text = errorMessage(failure, 'Please try again.');
      form.setError('weeklyCoinCap', { message: text });
      notify.error('Failed to save lead preferences', text);
    }
  });

  return (
    <form noValidate onSubmit={submit} className="grid gap-4" aria-label="Lead preferences">
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
