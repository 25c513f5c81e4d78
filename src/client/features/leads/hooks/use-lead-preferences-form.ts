/**
 * The state of a company's lead preferences form (lead-preferences-form.tsx): the inputs' text
 * and choices, checked by the shared schema before sending, and the save, whose refusal goes under
 * the input the server's answer names.
 */
import { useId } from 'react';
import { useForm, type FieldErrors, type Resolver, type UseFormReturn } from 'react-hook-form';
import { placeServerError } from '@/client/lib/form-errors';
import { notify } from '@/client/lib/notify';
import { wholeNumberFromText } from '@/shared/schemas/common';
import type { Company } from '@/shared/schemas/company';
import {
  LeadPreferencesBodySchema,
  type LeadPreferences,
  type LeadPreferencesBody,
  type ServiceAreaType,
} from '@/shared/schemas/leads';
import { useUpdateLeadPreferences } from '../api/update-lead-preferences';

/** The form: the inputs' text and choices, named as the request's body names them. */
export interface LeadPreferencesInput {
  weeklyCoinCap: string;
  paused: boolean;
  returnsOn: string;
  serviceArea: ServiceAreaType;
  serviceRadiusMiles: string;
  serviceZips: string;
  subcategoryIds: number[];
}
type FieldName = keyof LeadPreferencesInput;

/** The inputs that show their own error; a refusal of anything else is the form's message. */
const FIELDS_WITH_ERRORS = ['weeklyCoinCap', 'returnsOn', 'serviceRadiusMiles', 'serviceZips', 'subcategoryIds'] as const;

/**
 * The request's body from the form, before the server's own schema checks it: the inputs' digits
 * become numbers (anything else stays text, which the schema refuses); empty is no cap, no return
 * date; the radius and the ZIP codes go only with their choice (kept in the form meanwhile).
 */
const toBody = (form: LeadPreferencesInput) => ({
  weeklyCoinCap: wholeNumberFromText(form.weeklyCoinCap.trim()),
  paused: form.paused,
  returnsOn: form.paused ? form.returnsOn.trim() : null,
  serviceArea: form.serviceArea,
  serviceRadiusMiles: form.serviceArea === 'radius' ? wholeNumberFromText(form.serviceRadiusMiles.trim()) : undefined,
  serviceZips: form.serviceArea === 'zips' ? form.serviceZips : undefined,
  subcategoryIds: form.subcategoryIds,
});

/** The shared schema's first message for each field ("the third ZIP code" is the ZIP codes' field). */
const resolver: Resolver<LeadPreferencesInput, unknown, LeadPreferencesBody> = async (values) => {
  const result = await LeadPreferencesBodySchema.safeParseAsync(toBody(values));
  if (result.success) return { values: result.data, errors: {} };
  const errors: Partial<Record<FieldName | 'root', { type: string; message: string }>> = {};
  for (const issue of result.error.issues) {
    const head = issue.path[0];
    const name = typeof head === 'string' && head in values ? (head as FieldName) : 'root';
    errors[name] ??= { type: issue.code, message: issue.message };
  }
  return { values: {}, errors: errors as FieldErrors<LeadPreferencesInput> };
};

/**
 * The form's values from the saved preferences: a pause whose return date passed shows as off;
 * services the company no longer lists are dropped (saving them would be refused).
 */
const toFormValues = (saved: LeadPreferences, company: Company): LeadPreferencesInput => ({
  weeklyCoinCap: saved.weeklyCoinCap === null ? '' : String(saved.weeklyCoinCap),
  paused: !saved.takingRequests,
  returnsOn: !saved.takingRequests && saved.returnsOn !== null ? saved.returnsOn : '',
  serviceArea: saved.serviceArea.type,
  serviceRadiusMiles: saved.serviceArea.radiusMiles === null ? '' : String(saved.serviceArea.radiusMiles),
  serviceZips: saved.serviceArea.zips.join(', '),
  subcategoryIds: saved.subcategoryIds.filter((id) => company.subcategories.some((sub) => sub.id === id)),
});

/** What every fieldset of the form gets: the form, its errors, its ids ("name" → a unique id) and whether it is saving. */
export interface LeadPreferencesFieldsProps {
  form: UseFormReturn<LeadPreferencesInput, unknown, LeadPreferencesBody>;
  errors: FieldErrors<LeadPreferencesInput>;
  id(name: string): string;
  busy: boolean;
}

export function useLeadPreferencesForm(company: Company, preferences: LeadPreferences) {
  const uid = useId();
  const update = useUpdateLeadPreferences(company.id);
  const form = useForm<LeadPreferencesInput, unknown, LeadPreferencesBody>({
    resolver,
    defaultValues: toFormValues(preferences, company),
  });
  const fields: LeadPreferencesFieldsProps = {
    form,
    errors: form.formState.errors,
    id: (name) => `${uid}-${name}`,
    busy: form.formState.isSubmitting,
  };

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync(values);
      form.reset(toFormValues(saved, company));
      notify.success('Lead preferences saved');
    } catch (failure) {
      const text = placeServerError(form, failure, { fields: FIELDS_WITH_ERRORS, fallback: 'Please try again.' });
      notify.error('Failed to save lead preferences', text);
    }
  });

  return { fields, formError: form.formState.errors.root?.message, onSubmit };
}
