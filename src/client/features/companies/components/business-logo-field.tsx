import ImageOff from 'lucide-react/icons/image-off';
import { Button } from '@/client/components/ui/button';
import { fieldA11y, FormField } from '@/client/components/ui/form-field';
import { Input } from '@/client/components/ui/input';
import { useT, useTranslateText } from '@/client/lib/i18n';
import type { Company } from '@/shared/schemas/company';
import { COMPANY_IMAGE_TYPES } from '@/shared/schemas/upload';
import type { BusinessFormState } from '../hooks/use-business-form';
import { CompanyLogo } from './company-logo';

interface BusinessLogoFieldProps {
  id(name: string): string;
  logo: BusinessFormState['logo'];
  company: Company | null;
  busy: boolean;
}

/** The optional logo: a preview of the chosen file (else the current logo, else a placeholder) and the file input. */
export function BusinessLogoField({ id, logo, company, busy }: BusinessLogoFieldProps) {
  const t = useT();
  const translateText = useTranslateText();
  // The file's problem is the shared upload schema's words.
  const error = logo.error ? translateText(logo.error) : undefined;
  const logoId = id('logo');
  return (
    <FormField id={logoId} label={t('companies.form.logo')} error={error} hint={t('companies.form.logoHint')}>
      <div className="flex flex-wrap items-center gap-3">
        {logo.previewUrl ? (
          <img
            src={logo.previewUrl}
            alt={t('companies.form.logoPreview')}
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
          {...fieldA11y(logoId, logo.error, true)}
          ref={logo.inputRef}
          type="file"
          accept={COMPANY_IMAGE_TYPES.join(',')}
          onChange={logo.onChange}
          className="min-w-0 flex-1 basis-48 cursor-pointer"
        />
        {logo.file && (
          <Button variant="ghost" size="sm" onClick={logo.clear} disabled={busy}>
            {t('companies.form.logoRemove')}
          </Button>
        )}
      </div>
    </FormField>
  );
}
