/** The services a company takes requests for, among those it lists: none ticked is every one. */
import { Controller } from 'react-hook-form';
import { Checkbox } from '@/client/components/ui/checkbox';
import { useT } from '@/client/lib/i18n';
import type { Company } from '@/shared/schemas/company';
import type { LeadPreferencesFieldsProps } from '../hooks/use-lead-preferences-form';

export function LeadServicesFieldset({ form, errorOf, id, busy, company }: LeadPreferencesFieldsProps & { company: Company }) {
  const t = useT();
  const servicesId = id('services');
  const servicesError = errorOf('subcategoryIds');

  return (
    <fieldset
      className="grid gap-3"
      aria-describedby={[`${servicesId}-hint`, servicesError ? `${servicesId}-error` : null].filter(Boolean).join(' ')}
    >
      <legend className="mb-1 text-base font-semibold text-slate-900">{t('leads.services.legend')}</legend>
      <p id={`${servicesId}-hint`} className="text-sm text-slate-700">
        {t('leads.services.hint', { company: company.name })}
      </p>
      {company.subcategories.length === 0 ? (
        <p className="text-sm text-slate-600">{t('leads.services.none', { company: company.name })}</p>
      ) : (
        <Controller
          control={form.control}
          name="subcategoryIds"
          render={({ field }) => {
            const chosen = new Set(field.value);
            const toggle = (subId: number, checked: boolean) => {
              const next = new Set(chosen);
              if (checked) next.add(subId);
              else next.delete(subId);
              field.onChange(company.subcategories.map((sub) => sub.id).filter((listed) => next.has(listed)));
            };
            return (
              <ul className="grid gap-x-4 gap-y-2 sm:grid-cols-2">
                {company.subcategories.map((sub, index) => {
                  const boxId = `${servicesId}-${sub.id}`;
                  return (
                    <li key={sub.id} className="flex items-center gap-2">
                      <Checkbox
                        id={boxId}
                        ref={index === 0 ? field.ref : undefined}
                        checked={chosen.has(sub.id)}
                        onCheckedChange={(checked) => toggle(sub.id, checked === true)}
                        onBlur={field.onBlur}
                        disabled={busy}
                      />
                      <label htmlFor={boxId} className="text-sm text-slate-800">
                        {sub.name}
                      </label>
                    </li>
                  );
                })}
              </ul>
            );
          }}
        />
      )}
      {servicesError && (
        <p id={`${servicesId}-error`} role="alert" className="text-sm text-red-700">
          {servicesError}
        </p>
      )}
    </fieldset>
  );
}
