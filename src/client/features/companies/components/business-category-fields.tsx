import { Controller } from 'react-hook-form';
import { RetryAlert } from '@/client/components/list-states';
import { Checkbox } from '@/client/components/ui/checkbox';
import { fieldA11y, FormField } from '@/client/components/ui/form-field';
import { useT } from '@/client/lib/i18n';
import type { BusinessFormState } from '../hooks/use-business-form';
import { NativeSelect, useFieldError, type BusinessFieldGroupProps } from './business-form-fields';

type BusinessCategoryFieldsProps = BusinessFieldGroupProps &
  Pick<BusinessFormState, 'categories' | 'selectedCategory' | 'isSubmitted'>;

/** The category select, then the chosen category's subcategories as checkboxes. */
export function BusinessCategoryFields({
  form,
  errors,
  id,
  categories,
  selectedCategory,
  isSubmitted,
}: BusinessCategoryFieldsProps) {
  const t = useT();
  const fieldError = useFieldError();
  const categoryId = id('category');
  const subcategoryError = fieldError(errors.subcategories?.message ?? errors.subcategories?.root?.message);

  return (
    <>
      <FormField id={categoryId} label={t('companies.form.category')} error={fieldError(errors.category?.message)}>
        <NativeSelect
          {...fieldA11y(categoryId, errors.category?.message)}
          disabled={categories.isPending}
          {...form.register('category', {
            // Changing the category clears the chosen subcategories: they belong to the old one.
            onChange: () => form.setValue('subcategories', [], { shouldValidate: isSubmitted }),
          })}
        >
          <option value="">
            {t(categories.isPending ? 'companies.form.loadingCategories' : 'companies.form.selectCategory')}
          </option>
          {categories.data?.map((category) => (
            <option key={category.id} value={category.slug}>
              {category.name}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      {categories.isError && (
        <RetryAlert title={t('companies.form.categoriesFailed')} onRetry={() => void categories.refetch()} />
      )}

      <fieldset className="grid gap-2" aria-describedby={subcategoryError ? `${id('subcategories')}-error` : undefined}>
        <legend className="mb-1.5 text-sm font-medium leading-none text-slate-900">{t('companies.form.subcategories')}</legend>
        {!selectedCategory ? (
          <p className="text-sm text-slate-600">{t('companies.form.chooseCategoryFirst')}</p>
        ) : (
          <Controller
            control={form.control}
            name="subcategories"
            render={({ field }) => {
              const chosen = new Set(field.value ?? []);
              const toggle = (slug: string, checked: boolean) => {
                const next = new Set(chosen);
                if (checked) next.add(slug);
                else next.delete(slug);
                field.onChange([...next]);
              };
              return (
                <ul className="grid max-h-56 gap-x-4 gap-y-2 overflow-y-auto rounded-md border border-slate-200 p-3 sm:grid-cols-2">
                  {selectedCategory.subcategories.map((sub, index) => {
                    const boxId = `${id('sub')}-${sub.id}`;
                    return (
                      <li key={sub.id} className="flex items-center gap-2">
                        <Checkbox
                          id={boxId}
                          ref={index === 0 ? field.ref : undefined}
                          checked={chosen.has(sub.slug)}
                          onCheckedChange={(checked) => toggle(sub.slug, checked === true)}
                          onBlur={field.onBlur}
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
        {subcategoryError && (
          <p id={`${id('subcategories')}-error`} role="alert" className="text-sm text-red-700">
            {subcategoryError}
          </p>
        )}
      </fieldset>
    </>
  );
}
