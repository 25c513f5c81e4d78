/**
 * The state of a company's lead preferences form (lead-preferences-form.tsx): the inputs' text
 * and choices, checked by the shared schema before sending, and the save, whose refusal goes under
 * the input the server's answer names.
 */
import { useId } from 'react';
import { useForm, type FieldErrors, type Resolver, type UseFormReturn } from 'react-hook-form';
import { placeServerError } from '@/client/lib/form-errors';
import { useT, useTranslateText } from '@/client/lib/i18n';
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

/** A screen's `t` (useT), for the fieldsets' helpers that word something. */
export type Translate = ReturnType<typeof useT>;

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

/**
 * What every fieldset of the form gets: the form, an input's error in the page's language (the
 * shared schema's or the server's words, translated), its ids ("name" → a unique id) and whether
 * it is saving.
 */
export interface LeadPreferencesFieldsProps {
  form: UseFormReturn<LeadPreferencesInput, unknown, LeadPreferencesBody>;
  errorOf(name: FieldName): string | undefined;
  id(name: string): string;
  busy: boolean;
}

export function useLeadPreferencesForm(company: Company, preferences: LeadPreferences) {
  const t = useT();
  const translateText = useTranslateText();
  const uid = useId();
  const update = useUpdateLeadPreferences(company.id);
  const form = useForm<LeadPreferencesInput, unknown, LeadPreferencesBody>({
    resolver,
    defaultValues: toFormValues(preferences, company),
  });
  const { errors } = form.formState;
  const shown = (message: string | undefined) => (message ? translateText(message) : undefined);
  const fields: LeadPreferencesFieldsProps = {
    form,
    errorOf: (name) => shown(errors[name]?.message),
    id: (name) => `${uid}-${name}`,
    busy: form.formState.isSubmitting,
  };

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync(values);
      form.reset(toFormValues(saved, company));
      notify.success(t('leads.form.saved'));
    } catch (failure) {
      const text = placeServerError(form, failure, { fields: FIELDS_WITH_ERRORS, fallback: t('leads.common.tryAgain') });
      notify.error(t('leads.form.saveFailed'), translateText(text));
    }
  });

  return { fields, formError: shown(errors.root?.message), onSubmit };
}
