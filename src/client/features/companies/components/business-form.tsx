/** The add/edit business form inside its dialog (business-form-dialog.tsx): the field groups, the logo upload's progress and the submit button. */
import { useId } from 'react';
import { Button } from '@/client/components/ui/button';
import { DialogFooter } from '@/client/components/ui/dialog';
import { Progress } from '@/client/components/ui/progress';
import { useT } from '@/client/lib/i18n';
import { useBusinessForm, type UseBusinessFormOptions } from '../hooks/use-business-form';
import { BusinessCategoryFields } from './business-category-fields';
import { BusinessAboutFields, BusinessAddressFields, BusinessContactFields } from './business-form-fields';
import { BusinessLogoField } from './business-logo-field';

export function BusinessFormBody(props: UseBusinessFormOptions) {
  const t = useT();
  const { company } = props;
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  const { form, errors, isSubmitted, categories, selectedCategory, phase, busy, isEdit, logo, onSubmit } = useBusinessForm(props);
  const fields = { form, errors, id };

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-busy={busy || undefined}>
      <BusinessAboutFields {...fields} />
      <BusinessCategoryFields {...fields} categories={categories} selectedCategory={selectedCategory} isSubmitted={isSubmitted} />
      <BusinessContactFields {...fields} />
      <BusinessAddressFields {...fields} company={company} />
      <BusinessLogoField id={id} logo={logo} company={company} busy={busy} />

      {phase.step === 'logo' && (
        <div role="status" className="grid gap-1.5 text-sm text-slate-700">
          {t('companies.form.uploadingLogo')}
          <Progress value={phase.progress} label={t('companies.form.logoProgress')} showValue />
        </div>
      )}

      <DialogFooter className="pt-2">
        <Button type="submit" disabled={busy}>
          {t(
            phase.step === 'saving'
              ? 'companies.form.saving'
              : phase.step === 'logo'
                ? 'companies.form.uploadingLogo'
                : isEdit
                  ? 'companies.form.saveChanges'
                  : 'companies.form.addBusiness',
          )}
        </Button>
      </DialogFooter>
    </form>
  );
}
