/** Where a company takes requests: wherever a search finds it, a radius from its ZIP code, or a list of ZIP codes. */
import { useWatch } from 'react-hook-form';
import { FormField, fieldA11y } from '@/client/components/ui/form-field';
import { Input } from '@/client/components/ui/input';
import { Textarea } from '@/client/components/ui/textarea';
import { Message, useT, type MessageKey } from '@/client/lib/i18n';
import type { Company } from '@/shared/schemas/company';
import {
  MAX_SERVICE_RADIUS_MILES,
  MAX_SERVICE_ZIPS,
  SERVICE_AREA_TYPES,
  type LeadPreferences,
  type ServiceAreaType,
} from '@/shared/schemas/leads';
import type { LeadPreferencesFieldsProps, Translate } from '../hooks/use-lead-preferences-form';

/** The saved area in the words of the company's page (none: around the company's own ZIP code). */
function savedAreaText(t: Translate, { serviceArea: area }: LeadPreferences, company: Company): string {
  if (area.type === 'radius' && area.radiusMiles !== null)
    return t('leads.serviceArea.worksWithin', { count: area.radiusMiles, miles: String(area.radiusMiles), zip: company.zip });
  if (area.type === 'zips' && area.zips.length > 0)
    return t('leads.serviceArea.worksInZips', { count: area.zips.length, zips: area.zips.join(', ') });
  return t('leads.serviceArea.worksAround', { city: company.city, state: company.state, zip: company.zip });
}

/** Each choice's label; `{zip}` is the company's own ZIP code. */
const AREA_LABELS: Record<ServiceAreaType, MessageKey> = {
  anywhere: 'leads.serviceArea.anywhere',
  radius: 'leads.serviceArea.radius',
  zips: 'leads.serviceArea.zips',
};

export function LeadServiceAreaFieldset({
  form,
  errorOf,
  id,
  busy,
  company,
  preferences,
}: LeadPreferencesFieldsProps & { company: Company; preferences: LeadPreferences }) {
  const t = useT();
  const areaId = id('area');
  const radiusId = id('radius');
  const zipsId = id('zips');
  const radiusError = errorOf('serviceRadiusMiles');
  const zipsError = errorOf('serviceZips');
  const area = useWatch({ control: form.control, name: 'serviceArea' });

  return (
    <fieldset className="grid gap-3" aria-describedby={`${areaId}-hint ${areaId}-saved`}>
      <legend className="mb-1 text-base font-semibold text-slate-900">{t('leads.serviceArea.legend')}</legend>
      <p id={`${areaId}-hint`} className="text-sm text-slate-700">
        {t('leads.serviceArea.hint', { company: company.name })}
      </p>
      <p id={`${areaId}-saved`} className="text-sm text-slate-700">
        <Message
          id="leads.serviceArea.saved"
          values={{ area: savedAreaText(t, preferences, company) }}
          parts={{ 0: <strong /> }}
        />
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
            {t(AREA_LABELS[type], { zip: company.zip })}
          </label>
          {type === 'radius' && area === 'radius' && (
            <FormField
              id={radiusId}
              label={t('leads.serviceArea.radiusLabel', { zip: company.zip })}
              error={radiusError}
              hint={t('leads.serviceArea.radiusHint', { max: String(MAX_SERVICE_RADIUS_MILES), zip: company.zip })}
              className="ms-6"
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
              label={t('leads.serviceArea.zipsLabel')}
              error={zipsError}
              hint={t('leads.serviceArea.zipsHint', { max: String(MAX_SERVICE_ZIPS) })}
              className="ms-6"
            >
              <Textarea
                rows={3}
                className="max-w-md"
                placeholder={t('leads.serviceArea.zipsPlaceholder', { zip: company.zip })}
                disabled={busy}
                {...fieldA11y(zipsId, zipsError, true)}
                {...form.register('serviceZips')}
              />
            </FormField>
          )}
        </div>
      ))}
    </fieldset>
  );
}
