/** Where a company takes requests: wherever a search finds it, a radius from its ZIP code, or a list of ZIP codes. */
import { useWatch } from 'react-hook-form';
import { FormField, fieldA11y } from '@/client/components/ui/form-field';
import { Input } from '@/client/components/ui/input';
import { Textarea } from '@/client/components/ui/textarea';
import type { Company } from '@/shared/schemas/company';
import {
  MAX_SERVICE_RADIUS_MILES,
  MAX_SERVICE_ZIPS,
  SERVICE_AREA_TYPES,
  workAreaText,
  type LeadPreferences,
  type ServiceAreaType,
} from '@/shared/schemas/leads';
import type { LeadPreferencesFieldsProps } from '../hooks/use-lead-preferences-form';

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

export function LeadServiceAreaFieldset({
  form,
  errors,
  id,
  busy,
  company,
  preferences,
}: LeadPreferencesFieldsProps & { company: Company; preferences: LeadPreferences }) {
  const areaId = id('area');
  const radiusId = id('radius');
  const zipsId = id('zips');
  const radiusError = errors.serviceRadiusMiles?.message;
  const zipsError = errors.serviceZips?.message;
  const area = useWatch({ control: form.control, name: 'serviceArea' });

  return (
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
              label="ZIP codes"
              error={zipsError}
              hint={`5-digit ZIP codes separated by commas or spaces, up to ${MAX_SERVICE_ZIPS}.`}
              className="ms-6"
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
  );
}
