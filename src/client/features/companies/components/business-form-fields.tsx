/** Field groups of the add/edit business form: about, contact and address (business-form.tsx). */
import type { ComponentProps } from 'react';
import { cn } from '@/client/components/ui/cn';
import { fieldA11y, FormField } from '@/client/components/ui/form-field';
import { fieldClasses, Input } from '@/client/components/ui/input';
import { Textarea } from '@/client/components/ui/textarea';
import { useT, useTranslateText } from '@/client/lib/i18n';
import type { Company } from '@/shared/schemas/company';
import type { BusinessFormState } from '../hooks/use-business-form';
import { addressDivisionOf } from '@/shared/address-divisions';
import { operatingCountry, postalCodeTermOf } from '@/shared/operating-country';
import { POSTAL_CODE_MAX_LENGTH, postalCodeRulesOf } from '@/shared/postal-codes';
import { US_STATES } from '../lib/us-states';

/** The website field's example address. */
const WEBSITE_EXAMPLE = 'https://example.com';

/** A field's message from the shared schema, in the page's language; none without one. */
export function useFieldError() {
  const translateText = useTranslateText();
  return (message: string | undefined) => (message ? translateText(message) : undefined);
}

export function NativeSelect({ className, ...props }: ComponentProps<'select'>) {
  return <select className={cn(fieldClasses, 'h-10 py-2', className)} {...props} />;
}

/** What every field group gets: the form, its errors, and the form's ids ("name" → a unique id). */
export interface BusinessFieldGroupProps {
  form: BusinessFormState['form'];
  errors: BusinessFormState['errors'];
  id(name: string): string;
}

export function BusinessAboutFields({ form, errors, id }: BusinessFieldGroupProps) {
  const t = useT();
  const fieldError = useFieldError();
  const ids = { name: id('name'), description: id('description') };
  return (
    <>
      <FormField id={ids.name} label={t('companies.form.name')} error={fieldError(errors.name?.message)}>
        <Input {...fieldA11y(ids.name, errors.name?.message)} autoComplete="organization" {...form.register('name')} />
      </FormField>

      <FormField
        id={ids.description}
        label={t('companies.form.description')}
        error={fieldError(errors.description?.message)}
        hint={t('companies.form.descriptionHint')}
      >
        <Textarea {...fieldA11y(ids.description, errors.description?.message, true)} {...form.register('description')} />
      </FormField>
    </>
  );
}

export function BusinessContactFields({ form, errors, id }: BusinessFieldGroupProps) {
  const t = useT();
  const fieldError = useFieldError();
  const ids = { phone: id('phone'), email: id('email'), website: id('website') };
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={ids.phone} label={t('companies.form.phone')} error={fieldError(errors.phone?.message)}>
          <Input {...fieldA11y(ids.phone, errors.phone?.message)} type="tel" autoComplete="tel" {...form.register('phone')} />
        </FormField>
        <FormField id={ids.email} label={t('companies.form.email')} error={fieldError(errors.email?.message)}>
          <Input {...fieldA11y(ids.email, errors.email?.message)} type="email" autoComplete="email" {...form.register('email')} />
        </FormField>
      </div>

      <FormField id={ids.website} label={t('companies.form.website')} error={fieldError(errors.website?.message)}>
        <Input
          {...fieldA11y(ids.website, errors.website?.message)}
          type="url"
          inputMode="url"
          autoComplete="url"
          placeholder={WEBSITE_EXAMPLE}
          {...form.register('website')}
        />
      </FormField>
    </>
  );
}

/** The state field's label where the country asks for a division; none where addresses name none. */
const DIVISION_LABELS = {
  state: { required: 'companies.form.state', optional: 'companies.form.stateOptional' },
  province: { required: 'companies.form.province', optional: 'companies.form.provinceOptional' },
  county: { required: 'companies.form.county', optional: 'companies.form.county' },
} as const;

/**
 * Street, city, the division the operator's country's addresses name (a US state from the list, a
 * province or county typed; none in most of Europe) and the postal code. An edited US business
 * keeps a state code outside the list as its first option.
 */
export function BusinessAddressFields({ form, errors, id, company }: BusinessFieldGroupProps & { company: Company | null }) {
  const t = useT();
  const fieldError = useFieldError();
  const country = operatingCountry();
  const division = addressDivisionOf(country);
  const ids = { address: id('address'), city: id('city'), state: id('state'), zip: id('zip') };
  const stateOptions = US_STATES.some((state) => state.code === company?.state)
    ? US_STATES
    : company
      ? [{ code: company.state, name: company.state }, ...US_STATES]
      : US_STATES;
  const numericCodes = /^[\d-]+$/.test(postalCodeRulesOf(country).example);

  return (
    <>
      <FormField id={ids.address} label={t('companies.form.address')} error={fieldError(errors.address?.message)}>
        <Input {...fieldA11y(ids.address, errors.address?.message)} autoComplete="street-address" {...form.register('address')} />
      </FormField>

      <div
        className={cn(
          'grid gap-4',
          division ? 'sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]' : 'sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]',
        )}
      >
        <FormField id={ids.city} label={t('companies.form.city')} error={fieldError(errors.city?.message)}>
          <Input {...fieldA11y(ids.city, errors.city?.message)} autoComplete="address-level2" {...form.register('city')} />
        </FormField>
        {division && (
          <FormField
            id={ids.state}
            label={t(DIVISION_LABELS[division.division][division.required ? 'required' : 'optional'])}
            error={fieldError(errors.state?.message)}
          >
            {country === 'US' ? (
              <NativeSelect
                {...fieldA11y(ids.state, errors.state?.message)}
                autoComplete="address-level1"
                {...form.register('state')}
              >
                {stateOptions.map((state) => (
                  <option key={state.code} value={state.code}>
                    {state.code}
                  </option>
                ))}
              </NativeSelect>
            ) : (
              <Input
                {...fieldA11y(ids.state, errors.state?.message)}
                autoComplete="address-level1"
                maxLength={50}
                {...form.register('state')}
              />
            )}
          </FormField>
        )}
        <FormField
          id={ids.zip}
          label={t(postalCodeTermOf(country) === 'zip' ? 'companies.form.zip' : 'companies.form.postalCode')}
          error={fieldError(errors.zip?.message)}
        >
          <Input
            {...fieldA11y(ids.zip, errors.zip?.message)}
            inputMode={numericCodes ? 'numeric' : 'text'}
            autoComplete="postal-code"
            autoCapitalize="characters"
            maxLength={POSTAL_CODE_MAX_LENGTH + 4}
            {...form.register('zip')}
          />
        </FormField>
      </div>
    </>
  );
}
