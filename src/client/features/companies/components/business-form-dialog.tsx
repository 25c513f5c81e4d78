/**
 * The add/edit business dialog (000 §2 Profile, §5 Business form, §8 company errors). One dialog
 * for the whole app, opened through `useBusinessDialog()`; this module is its own chunk, fetched
 * the first time it opens (see business-dialogs.tsx).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { ImageOff, MailWarning } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ChangeEvent, type ComponentProps } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Alert } from '@/client/components/ui/alert';
import { ResendVerificationButton } from '@/client/components/resend-verification-button';
import { Button } from '@/client/components/ui/button';
import { Checkbox } from '@/client/components/ui/checkbox';
import { cn } from '@/client/components/ui/cn';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/client/components/ui/dialog';
import { fieldA11y, FormField } from '@/client/components/ui/form-field';
import { fieldClasses, Input } from '@/client/components/ui/input';
import { Progress } from '@/client/components/ui/progress';
import { Skeleton } from '@/client/components/ui/skeleton';
import { Textarea } from '@/client/components/ui/textarea';
import { useCategoriesWithSubcategories } from '@/client/entities/categories/get-categories-with-subcategories';
import { errorMessage } from '@/client/lib/api';
import { useBusinessDialog, VERIFY_TO_ADD_BUSINESS, type BusinessDialogTarget } from '@/client/lib/business-dialog-state';
import { useCurrentUser } from '@/client/lib/current-user';
import { notify } from '@/client/lib/notify';
import { useObjectUrl } from '@/client/lib/use-object-url';
import { DEFAULT_STATE, FALLBACK_CATEGORY_ID, MAX_UPLOAD_BYTES } from '@/shared/constants';
import { BusinessFormSchema, type BusinessFields, type BusinessForm } from '@/shared/schemas/business';
import type { Company, CategoryWithSubcategories } from '@/shared/schemas/company';
import { COMPANY_IMAGE_TYPES, COMPANY_IMAGE_TYPES_MESSAGE, imageFileProblem } from '@/shared/schemas/upload';
import type { User } from '@/shared/schemas/user';
import { useCreateCompany } from '../api/create-company';
import { invalidateOwnedCompany } from '../api/get-user-companies';
import { setCompanyLogo } from '../api/set-company-logo';
import { useUpdateCompany } from '../api/update-company';
import { uploadLogo } from '../api/upload-logo';
import { US_STATES } from '../lib/us-states';
import { CompanyLogo } from './company-logo';

const ADD_FAILED = 'There was a problem adding your business. Please try again.';
const UPDATE_FAILED = 'There was a problem updating your business. Please try again.';
const LOGO_FAILED = 'Your business was saved, but the logo could not be uploaded. You can try again from Edit.';

function NativeSelect({ className, ...props }: ComponentProps<'select'>) {
  return <select className={cn(fieldClasses, 'h-10 py-2', className)} {...props} />;
}

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
      state: DEFAULT_STATE,
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

/** 000 §7: every field as text, subcategories as a JSON list of slugs, and the category's id (4 when none matches). */
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

type Phase = { step: 'idle' } | { step: 'saving' } | { step: 'logo'; progress: number };

interface BusinessFormProps {
  company: Company | null;
  user: User;
  onBusyChange(busy: boolean): void;
  onDone(): void;
}

function BusinessFormBody({ company, user, onBusyChange, onDone }: BusinessFormProps) {
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  const queryClient = useQueryClient();
  const categories = useCategoriesWithSubcategories();
  const createCompany = useCreateCompany();
  const updateCompany = useUpdateCompany();
  const [phase, setPhase] = useState<Phase>({ step: 'idle' });
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
      notify.error('Error', errorMessage(error, isEdit ? UPDATE_FAILED : ADD_FAILED));
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
        notify.error('Logo upload failed', errorMessage(error, LOGO_FAILED));
      }
    }

    setPhase({ step: 'idle' });
    if (logoSaved) {
      if (isEdit) notify.success('Business updated', 'Your changes have been saved.');
      else if (launchCoins > 0) notify.success('Business added', `You received ${launchCoins} launch coins.`);
      else notify.success('Business added', 'Your business is now listed.');
    }
    onDone();
  });

  const subcategoryError = errors.subcategories?.message ?? errors.subcategories?.root?.message;
  const stateOptions = US_STATES.some((state) => state.code === company?.state)
    ? US_STATES
    : company
      ? [{ code: company.state, name: company.state }, ...US_STATES]
      : US_STATES;

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-busy={busy || undefined}>
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

      <FormField id={id('category')} label="Category" error={errors.category?.message}>
        <NativeSelect
          {...fieldA11y(id('category'), errors.category?.message)}
          disabled={categories.isPending}
          {...form.register('category', {
            // 000 §5: changing the category clears the chosen subcategories.
            onChange: () => form.setValue('subcategories', [], { shouldValidate: isSubmitted }),
          })}
        >
          <option value="">{categories.isPending ? 'Loading categories...' : 'Select a category'}</option>
          {categories.data?.map((category) => (
            <option key={category.id} value={category.slug}>
              {category.name}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      {categories.isError && (
        <Alert variant="error" title="Categories could not be loaded">
          <Button variant="link" onClick={() => void categories.refetch()}>
            Try again
          </Button>
        </Alert>
      )}

      <fieldset className="grid gap-2" aria-describedby={subcategoryError ? `${id('subcategories')}-error` : undefined}>
        <legend className="mb-1.5 text-sm font-medium leading-none text-slate-900">Subcategories</legend>
        {!selectedCategory ? (
          <p className="text-sm text-slate-600">Choose a category to see its subcategories.</p>
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

      <FormField
        id={id('logo')}
        label="Logo (optional)"
        error={logoError}
        hint="Square image about 110x110 recommended. JPG, PNG, GIF or SVG, up to 5MB."
      >
        <div className="flex flex-wrap items-center gap-3">
          {previewUrl ? (
            <img
              src={previewUrl}
              alt="Preview of the chosen logo"
              width={64}
              height={64}
              className="size-16 shrink-0 rounded-md border border-slate-200 bg-white object-contain"
            />
          ) : company?.logoUrl ? (
            <CompanyLogo company={company} size={64} />
          ) : (
            <div className="flex size-16 shrink-0 items-center justify-center rounded-md border border-dashed border-slate-300 text-slate-500">
              <ImageOff className="size-6" aria-hidden />
            </div>
          )}
          <Input
            {...fieldA11y(id('logo'), logoError, true)}
            ref={logoInput}
            type="file"
            accept={COMPANY_IMAGE_TYPES.join(',')}
            onChange={onLogoChange}
            className="min-w-0 flex-1 basis-48 cursor-pointer"
          />
          {logoFile && (
            <Button variant="ghost" size="sm" onClick={clearLogo} disabled={busy}>
              Remove
            </Button>
          )}
        </div>
      </FormField>

      {phase.step === 'logo' && (
        <div role="status" className="grid gap-1.5 text-sm text-slate-700">
          Uploading logo...
          <Progress value={phase.progress} label="Logo upload progress" showValue />
        </div>
      )}

      <DialogFooter className="pt-2">
        <Button type="submit" disabled={busy}>
          {phase.step === 'saving'
            ? 'Saving...'
            : phase.step === 'logo'
              ? 'Uploading logo...'
              : isEdit
                ? 'Save Changes'
                : 'Add Business'}
        </Button>
      </DialogFooter>
    </form>
  );
}

function VerifyEmailPrompt({ user, onClose }: { user: User; onClose(): void }) {
  return (
    <div className="grid gap-4">
      <Alert variant="warning" title="Verify your email">
        {VERIFY_TO_ADD_BUSINESS}
      </Alert>
      <p className="flex gap-2 text-sm text-slate-700">
        <MailWarning className="mt-0.5 size-4 shrink-0 text-slate-600" aria-hidden />
        <span>
          We sent a verification link to <span className="break-all font-medium text-slate-900">{user.email}</span> when you
          signed up. Open it, then come back to add your business.
        </span>
      </p>
      <DialogFooter>
        <ResendVerificationButton size="default" />
        <Button onClick={onClose}>OK</Button>
      </DialogFooter>
    </div>
  );
}

function FormSkeleton() {
  return (
    <div aria-busy="true" className="grid gap-4">
      <span role="status" className="sr-only">
        Loading…
      </span>
      <Skeleton className="h-10 w-full" />
      <Skeleton className="h-24 w-full" />
      <Skeleton className="h-10 w-full" />
    </div>
  );
}

const titleFor = (target: BusinessDialogTarget | null) => (target?.mode === 'edit' ? 'Edit Business' : 'Add Your Business');

export function BusinessFormDialog() {
  const { target, openCount, closeBusinessDialog } = useBusinessDialog();
  const { data: user, isPending } = useCurrentUser();
  const [busy, setBusy] = useState(false);
  const open = target !== null;

  // Logged out while it was open (logout in another tab): nothing to add a business for.
  useEffect(() => {
    if (open && !isPending && !user) closeBusinessDialog();
  }, [open, isPending, user, closeBusinessDialog]);

  const company = target?.mode === 'edit' ? target.company : null;
  // 000 §4: an unverified user cannot add a business (the server answers 403 as well).
  const mustVerify = target?.mode === 'create' && user?.isVerified === false;
  const blockWhileBusy = (event: Event) => {
    if (busy) event.preventDefault();
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !next && !busy && closeBusinessDialog()}>
      <DialogContent className="max-w-2xl" hideClose={busy} onEscapeKeyDown={blockWhileBusy} onInteractOutside={blockWhileBusy}>
        <DialogHeader>
          <DialogTitle>{titleFor(target)}</DialogTitle>
          <DialogDescription>
            {mustVerify
              ? 'A verified email address is needed before you can list a business.'
              : company
                ? `Update the details customers see for ${company.name}.`
                : 'List your business for free so customers near you can find it and request quotes.'}
          </DialogDescription>
        </DialogHeader>
        {!user ? (
          <FormSkeleton />
        ) : mustVerify ? (
          <VerifyEmailPrompt user={user} onClose={closeBusinessDialog} />
        ) : (
          <BusinessFormBody key={openCount} company={company} user={user} onBusyChange={setBusy} onDone={closeBusinessDialog} />
        )}
      </DialogContent>
    </Dialog>
  );
}

export default BusinessFormDialog;
