/**
 * A company's lead preferences in the owner's profile (the Leads tab): the pause ("Not taking new
 * requests", with an optional return date: lead-pause-fields.tsx), the weekly coin cap on first
 * replies with what the company spent this week (lead-cap-fields.tsx), the service area (wherever
 * a search finds it, a radius from its ZIP code, or a list of ZIP codes:
 * lead-service-area-fieldset.tsx) and the services it takes requests for
 * (lead-services-fieldset.tsx). Left alone, they mean what they meant before.
 */
import { Alert } from '@/client/components/ui/alert';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Skeleton } from '@/client/components/ui/skeleton';
import { useCompany } from '@/client/entities/companies/get-company';
import { errorMessage } from '@/client/lib/api';
import { useT, useTranslateText } from '@/client/lib/i18n';
import type { Company } from '@/shared/schemas/company';
import type { LeadPreferences } from '@/shared/schemas/leads';
import { useLeadPreferences } from '../api/get-lead-preferences';
import { useLeadPreferencesForm } from '../hooks/use-lead-preferences-form';
import { LeadCapFields } from './lead-cap-fields';
import { LeadPauseFields } from './lead-pause-fields';
import { LeadServiceAreaFieldset } from './lead-service-area-fieldset';
import { LeadServicesFieldset } from './lead-services-fieldset';

/** The form, one group of inputs per component; its state and save are the hook's. */
function PreferencesForm({ company, preferences }: { company: Company; preferences: LeadPreferences }) {
  const t = useT();
  const { fields, formError, onSubmit } = useLeadPreferencesForm(company, preferences);

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label={t('leads.form.label')}>
      <LeadPauseFields {...fields} />
      <LeadCapFields {...fields} preferences={preferences} />

      {/* The rule above each section sits on a wrapper: a fieldset draws its legend into its own border. */}
      <div className="border-t border-slate-200 pt-4">
        <LeadServiceAreaFieldset {...fields} company={company} preferences={preferences} />
      </div>

      <div className="border-t border-slate-200 pt-4">
        <LeadServicesFieldset {...fields} company={company} />
      </div>

      {formError && (
        <Alert variant="error" title={t('leads.form.notSaved')}>
          {formError}
        </Alert>
      )}
      <div>
        <Button type="submit" disabled={fields.busy}>
          {fields.busy ? t('leads.form.saving') : t('leads.form.save')}
        </Button>
      </div>
    </form>
  );
}

export function LeadPreferencesPanel({ companyId, companyName }: { companyId: number; companyName: string }) {
  const t = useT();
  const translateText = useTranslateText();
  const preferences = useLeadPreferences(companyId);
  // Its ZIP code and services, for the service area and the services it takes.
  const company = useCompany(companyId);
  let body;
  if (preferences.isPending || company.isPending) {
    body = (
      <div aria-busy="true" aria-label={t('leads.panel.loading')} className="grid gap-3">
        <Skeleton className="h-5 w-72" />
        <Skeleton className="h-10 w-40" />
        <Skeleton className="h-10 w-36" />
      </div>
    );
  } else if (preferences.isError || company.isError) {
    body = (
      <Alert variant="error" title={t('leads.panel.loadFailed')}>
        {translateText(errorMessage(preferences.error ?? company.error, t('leads.common.tryAgain')))}{' '}
        <Button
          variant="link"
          onClick={() => {
            if (preferences.isError) void preferences.refetch();
            if (company.isError) void company.refetch();
          }}
        >
          {t('leads.panel.retry')}
        </Button>
      </Alert>
    );
  } else body = <PreferencesForm key={companyId} company={company.data} preferences={preferences.data} />;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('leads.panel.title', { company: companyName })}</CardTitle>
        <CardDescription>{t('leads.panel.description', { company: companyName })}</CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
