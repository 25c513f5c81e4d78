/** The weekly coin cap of a company's lead preferences, under what the company spent this week. */
import { FormField, fieldA11y } from '@/client/components/ui/form-field';
import { Input } from '@/client/components/ui/input';
import { formatDate, formatNumber } from '@/client/lib/format';
import { Message, useT } from '@/client/lib/i18n';
import { MAX_WEEKLY_COIN_CAP, type LeadPreferences } from '@/shared/schemas/leads';
import type { LeadPreferencesFieldsProps } from '../hooks/use-lead-preferences-form';

function WeeklySpend({ preferences }: { preferences: LeadPreferences }) {
  const t = useT();
  const coins = (n: number) => t('leads.common.coins', { count: n, amount: formatNumber(n) });
  // The week starts on Monday 00:00 UTC: its calendar day, as written, whatever the visitor's time zone.
  const since = formatDate(preferences.weekStartsAt.slice(0, 10), 'weekday');
  const { weeklySpend, weeklyCoinCap } = preferences;
  return (
    <p className="text-sm text-slate-700">
      {weeklyCoinCap === null ? (
        <Message id="leads.cap.weeklySpend" values={{ since, spent: coins(weeklySpend) }} parts={{ 0: <strong /> }} />
      ) : (
        <Message
          id="leads.cap.weeklySpendOfCap"
          values={{ since, spent: coins(weeklySpend), cap: coins(weeklyCoinCap) }}
          parts={{ 0: <strong /> }}
        />
      )}
    </p>
  );
}

export function LeadCapFields({
  form,
  errorOf,
  id,
  busy,
  preferences,
}: LeadPreferencesFieldsProps & { preferences: LeadPreferences }) {
  const t = useT();
  const capId = id('weekly-cap');
  const capError = errorOf('weeklyCoinCap');
  return (
    <>
      <WeeklySpend preferences={preferences} />
      <FormField
        id={capId}
        label={t('leads.cap.label')}
        error={capError}
        hint={t('leads.cap.hint', { max: formatNumber(MAX_WEEKLY_COIN_CAP) })}
      >
        <Input
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_WEEKLY_COIN_CAP}
          step={1}
          className="w-40"
          placeholder={t('leads.cap.placeholder')}
          disabled={busy}
          {...fieldA11y(capId, capError, true)}
          {...form.register('weeklyCoinCap')}
        />
      </FormField>
    </>
  );
}
