/** Field groups of the add/edit business form: about, contact and address (business-form.tsx). */
import type { ComponentProps } from 'react';
import { cn } from '@/client/components/ui/cn';
import { fieldA11y, FormField } from '@/client/components/ui/form-field';
import { fieldClasses, Input } from '@/client/components/ui/input';
import { Textarea } from '@/client/components/ui/textarea';
import type { Company } from '@/shared/schemas/company';
import type { BusinessFormState } from '../hooks/use-business-form';
import { US_STATES } from '../lib/us-states';

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
  return (
    <>
      <FormField id={id('name')} label="Business name" error={errors.name?.message}>
        <Input {...fieldA11y(id('name'), errors.name?.message)} autoComplete="organization" {...form.register('name')} />
      </FormField>

      <FormField
        id={id('description')}
        label="Description"
        error={errors.description?.message}
        hint="What you do, where you work and what makes you different (at least 10 characters)."
      >
        <Textarea {...fieldA11y(id('description'), errors.description?.message, true)} {...form.register('description')} />
      </FormField>
    </>
  );
}

export function BusinessContactFields({ form, errors, id }: BusinessFieldGroupProps) {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={id('phone')} label="Phone" error={errors.phone?.message}>
          <Input {...fieldA11y(id('phone'), errors.phone?.message)} type="tel" autoComplete="tel" {...form.register('phone')} />
        </FormField>
        <FormField id={id('email')} label="Email" error={errors.email?.message}>
          <Input
            {...fieldA11y(id('email'), errors.email?.message)}
            type="email"
            autoComplete="email"
            {...form.register('email')}
          />
        </FormField>
      </div>

      <FormField id={id('website')} label="Website (optional)" error={errors.website?.message}>
        <Input
          {...fieldA11y(id('website'), errors.website?.message)}
          type="url"
          inputMode="url"
          autoComplete="url"
          placeholder="https://example.com"
          {...form.register('website')}
        />
      </FormField>
    </>
  );
}

/** Street, city, state and ZIP. An edited business keeps a state code outside the list as its first option. */
export function BusinessAddressFields({ form, errors, id, company }: BusinessFieldGroupProps & { company: Company | null }) {
  const stateOptions = US_STATES.some((state) => state.code === company?.state)
    ? US_STATES
    : company
      ? [{ code: company.state, name: company.state }, ...US_STATES]
      : US_STATES;

  return (
    <>
      <FormField id={id('address')} label="Street address" error={errors.address?.message}>
        <Input
          {...fieldA11y(id('address'), errors.address?.message)}
          autoComplete="street-address"
          {...form.register('address')}
        />
      </FormField>

      <div className="grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]">
        <FormField id={id('city')} label="City" error={errors.city?.message}>
          <Input {...fieldA11y(id('city'), errors.city?.message)} autoComplete="address-level2" {...form.register('city')} />
        </FormField>
        <FormField id={id('state')} label="State" error={errors.state?.message}>
          <NativeSelect
            {...fieldA11y(id('state'), errors.state?.message)}
            autoComplete="address-level1"
            {...form.register('state')}
          >
            {stateOptions.map((state) => (
              <option key={state.code} value={state.code}>
                {state.code}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField id={id('zip')} label="ZIP code" error={errors.zip?.message}>
          <Input
            {...fieldA11y(id('zip'), errors.zip?.message)}
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={10}
            {...form.register('zip')}
          />
        </FormField>
      </div>
    </>
  );
}
