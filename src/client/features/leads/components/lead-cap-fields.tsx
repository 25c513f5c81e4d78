/** The weekly coin cap of a company's lead preferences, under what the company spent this week. */
import { FormField, fieldA11y } from '@/client/components/ui/form-field';
import { Input } from '@/client/components/ui/input';
import { formatDate, formatNumber } from '@/client/lib/format';
import { MAX_WEEKLY_COIN_CAP, type LeadPreferences } from '@/shared/schemas/leads';
import type { LeadPreferencesFieldsProps } from '../hooks/use-lead-preferences-form';

const coins = (n: number) => `${formatNumber(n)} ${n === 1 ? 'coin' : 'coins'}`;

function WeeklySpend({ preferences }: { preferences: LeadPreferences }) {
  // The week starts on Monday 00:00 UTC: its calendar day, as written, whatever the visitor's time zone.
  const since = formatDate(preferences.weekStartsAt.slice(0, 10), 'weekday');
  const { weeklySpend, weeklyCoinCap } = preferences;
  return (
    <p className="text-sm text-slate-700">
      Spent on first replies this week (since {since}):{' '}
      <strong>{weeklyCoinCap === null ? coins(weeklySpend) : `${coins(weeklySpend)} of ${coins(weeklyCoinCap)}`}</strong>
    </p>
  );
}

export function LeadCapFields({
  form,
  errors,
  id,
  busy,
  preferences,
}: LeadPreferencesFieldsProps & { preferences: LeadPreferences }) {
  const capId = id('weekly-cap');
  const capError = errors.weeklyCoinCap?.message;
  return (
    <>
      <WeeklySpend preferences={preferences} />
      <FormField
        id={capId}
        label="Weekly coin cap"
        error={capError}
        hint={`The most coins this company spends on first replies each week, from Monday 00:00 UTC (1 to ${formatNumber(MAX_WEEKLY_COIN_CAP)}). A reply that would pass it is refused before any charge. Leave empty for no cap.`}
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
    </>
  );
}
