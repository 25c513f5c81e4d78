/** The pause of a company's lead preferences: the switch, and while it is on, the optional return date. */
import { Controller, useWatch } from 'react-hook-form';
import { FormField, fieldA11y } from '@/client/components/ui/form-field';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { Switch } from '@/client/components/ui/switch';
import { addDays, MAX_PAUSE_DAYS, NOT_TAKING_REQUESTS, utcToday } from '@/shared/schemas/leads';
import type { LeadPreferencesFieldsProps } from '../hooks/use-lead-preferences-form';

export function LeadPauseFields({ form, errors, id, busy }: LeadPreferencesFieldsProps) {
  const pauseId = id('paused');
  const returnId = id('returns-on');
  const returnError = errors.returnsOn?.message;
  const paused = useWatch({ control: form.control, name: 'paused' });

  return (
    <>
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
    </>
  );
}
