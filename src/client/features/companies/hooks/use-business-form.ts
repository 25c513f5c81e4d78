/**
 * The state of the add/edit business form: the fields (react-hook-form with the shared zod schema),
 * the chosen logo, and the submit that saves the business, then uploads its logo.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useCategoriesWithSubcategories } from '@/client/entities/categories/get-categories-with-subcategories';
import { errorMessage } from '@/client/lib/api';
import { useT, useTranslateText } from '@/client/lib/i18n';
import { notify } from '@/client/lib/notify';
import { useObjectUrl } from '@/client/lib/use-object-url';
import { DEFAULT_STATE, FALLBACK_CATEGORY_ID, MAX_UPLOAD_BYTES } from '@/shared/constants';
import { operatingCountry } from '@/shared/operating-country';
import { BusinessFormSchema, type BusinessFields, type BusinessForm } from '@/shared/schemas/business';
import type { Company, CategoryWithSubcategories } from '@/shared/schemas/company';
import { COMPANY_IMAGE_TYPES, COMPANY_IMAGE_TYPES_MESSAGE, imageFileProblem } from '@/shared/schemas/upload';
import type { User } from '@/shared/schemas/user';
import { useCreateCompany } from '../api/create-company';
import { invalidateOwnedCompany } from '../api/get-user-companies';
import { setCompanyLogo } from '../api/set-company-logo';
import { useUpdateCompany } from '../api/update-company';
import { uploadLogo } from '../api/upload-logo';

function defaultsFor(company: Company | null, user: User): BusinessForm {
  if (!company) {
    return {
      name: '',
      description: '',
      category: '',
      subcategories: [],
      phone: '',
      email: user.email,
      website: '',
      address: '',
      city: '',
      // A US form starts on the default state's code; elsewhere the division is typed, or there is none.
      state: operatingCountry() === 'US' ? DEFAULT_STATE : '',
      zip: '',
    };
  }
  return {
    name: company.name,
    description: company.description,
    category: company.category,
    subcategories: company.subcategories.map((sub) => sub.slug),
    phone: company.phone,
    email: company.email,
    website: company.website ?? '',
    address: company.address,
    city: company.city,
    state: company.state,
    zip: company.zip,
  };
}

/**
 * The multipart body the server's business parse reads: every field as text, subcategories as a
 * JSON list of slugs, and the category's id (4 when none matches).
 */
function toFormData(values: BusinessFields, categories: CategoryWithSubcategories[] | undefined): FormData {
  const body = new FormData();
  for (const [key, value] of Object.entries(values)) {
    if (key !== 'subcategories') body.append(key, String(value));
  }
  body.append('subcategories', JSON.stringify(values.subcategories));
  const categoryId = categories?.find((category) => category.slug === values.category)?.id ?? FALLBACK_CATEGORY_ID;
  body.append('categoryId', String(categoryId));
  return body;
}

const logoProblem = (file: File) => imageFileProblem(file, COMPANY_IMAGE_TYPES, COMPANY_IMAGE_TYPES_MESSAGE, MAX_UPLOAD_BYTES);

/** Filling in, saving the business, or uploading its logo (with the fraction sent). */
export type BusinessFormPhase = { step: 'idle' } | { step: 'saving' } | { step: 'logo'; progress: number };

export interface UseBusinessFormOptions {
  /** The business to edit; null adds one. */
  company: Company | null;
  user: User;
  onBusyChange(busy: boolean): void;
  onDone(): void;
}

export function useBusinessForm({ company, user, onBusyChange, onDone }: UseBusinessFormOptions) {
  const t = useT();
  const translateText = useTranslateText();
  const queryClient = useQueryClient();
  const categories = useCategoriesWithSubcategories();
  const createCompany = useCreateCompany();
  const updateCompany = useUpdateCompany();
  const [phase, setPhase] = useState<BusinessFormPhase>({ step: 'idle' });
  const [logoFile, setLogoFile] = useState<File | null>(null);
  const [logoError, setLogoError] = useState<string | undefined>();
  const logoInput = useRef<HTMLInputElement>(null);
  const previewUrl = useObjectUrl(logoFile);
  const isEdit = company !== null;

  const form = useForm<BusinessForm, unknown, BusinessFields>({
    resolver: zodResolver(BusinessFormSchema),
    defaultValues: defaultsFor(company, user),
  });
  const { errors, isSubmitted } = form.formState;
  const categorySlug = form.watch('category');
  const selectedCategory = categories.data?.find((category) => category.slug === categorySlug);
  const busy = phase.step !== 'idle';

  useEffect(() => onBusyChange(busy), [busy, onBusyChange]);
  useEffect(() => () => onBusyChange(false), [onBusyChange]);

  const onLogoChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    if (!file) {
      setLogoFile(null);
      setLogoError(undefined);
      return;
    }
    const problem = logoProblem(file);
    setLogoError(problem ?? undefined);
    setLogoFile(problem ? null : file);
    if (problem) event.target.value = '';
  };

  const clearLogo = () => {
    setLogoFile(null);
    setLogoError(undefined);
    if (logoInput.current) logoInput.current.value = '';
    logoInput.current?.focus();
  };

  const onSubmit = form.handleSubmit(async (values) => {
    if (logoError) return;
    setPhase({ step: 'saving' });
    let companyId: number;
    let launchCoins = 0;
    try {
      const body = toFormData(values, categories.data);
      if (company) {
        companyId = (await updateCompany.mutateAsync({ id: company.id, body })).id;
      } else {
        const answer = await createCompany.mutateAsync(body);
        companyId = answer.id;
        launchCoins = answer.launchCoins;
      }
    } catch (error) {
      setPhase({ step: 'idle' });
      notify.error(
        t('companies.form.errorTitle'),
        translateText(errorMessage(error, t(isEdit ? 'companies.form.updateFailed' : 'companies.form.addFailed'))),
      );
      return;
    }

    // The company exists now: a failed logo is reported, but the dialog closes either way, so
    // that submitting again cannot add the business twice.
    let logoSaved = true;
    if (logoFile) {
      setPhase({ step: 'logo', progress: 0 });
      try {
        const upload = await uploadLogo(logoFile, (fraction) => setPhase({ step: 'logo', progress: fraction }));
        await setCompanyLogo({ id: companyId, logoObjectId: upload.objectId });
        await invalidateOwnedCompany(queryClient, companyId);
      } catch (error) {
        logoSaved = false;
        notify.error(t('companies.form.logoFailedTitle'), translateText(errorMessage(error, t('companies.form.logoFailed'))));
      }
    }

    setPhase({ step: 'idle' });
    if (logoSaved) {
      if (isEdit) notify.success(t('companies.form.updatedTitle'), t('companies.form.updatedText'));
      else if (launchCoins > 0)
        notify.success(t('companies.form.addedTitle'), t('companies.form.addedLaunchCoins', { count: launchCoins }));
      else notify.success(t('companies.form.addedTitle'), t('companies.form.addedText'));
    }
    onDone();
  });

  return {
    form,
    errors,
    isSubmitted,
    categories,
    selectedCategory,
    phase,
    busy,
    isEdit,
    logo: { file: logoFile, error: logoError, previewUrl, inputRef: logoInput, onChange: onLogoChange, clear: clearLogo },
    onSubmit,
  };
}

export type BusinessFormState = ReturnType<typeof useBusinessForm>;
