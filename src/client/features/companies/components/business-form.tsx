/** The add/edit business form inside its dialog (business-form-dialog.tsx): the field groups, the logo upload's progress and the submit button. */
import { useId } from 'react';
import { Button } from '@/client/components/ui/button';
import { DialogFooter } from '@/client/components/ui/dialog';
import { Progress } from '@/client/components/ui/progress';
import { useBusinessForm, type UseBusinessFormOptions } from '../hooks/use-business-form';
import { BusinessCategoryFields } from './business-category-fields';
import { BusinessAboutFields, BusinessAddressFields, BusinessContactFields } from './business-form-fields';
import { BusinessLogoField } from './business-logo-field';

export function BusinessFormBody(props: UseBusinessFormOptions) {
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
