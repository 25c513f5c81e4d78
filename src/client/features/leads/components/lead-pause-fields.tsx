/** The pause of a company's lead preferences: the switch, and while it is on, the optional return date. */
import { Controller, useWatch } from 'react-hook-form';
import { FormField, fieldA11y } from '@/client/components/ui/form-field';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { Switch } from '@/client/components/ui/switch';
import { useT } from '@/client/lib/i18n';
import { addDays, MAX_PAUSE_DAYS, utcToday } from '@/shared/schemas/leads';
import type { LeadPreferencesFieldsProps } from '../hooks/use-lead-preferences-form';

export function LeadPauseFields({ form, errorOf, id, busy }: LeadPreferencesFieldsProps) {
  const t = useT();
  const pauseId = id('paused');
  const returnId = id('returns-on');
  const returnError = errorOf('returnsOn');
  const paused = useWatch({ control: form.control, name: 'paused' });

  return (
    <>
      <div className="flex items-center justify-between gap-4 rounded-md border border-slate-200 p-3">
        <div className="min-w-0">
          <Label htmlFor={pauseId} className="text-sm font-medium text-slate-900">
            {t('leads.pause.label')}
          </Label>
          <p id={`${pauseId}-hint`} className="mt-1 text-xs text-slate-600">
            {t('leads.pause.hint')}
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
        <FormField id={returnId} label={t('leads.pause.returnLabel')} error={returnError} hint={t('leads.pause.returnHint')}>
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
    </>
  );
}
