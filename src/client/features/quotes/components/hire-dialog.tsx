/**
 * Hiring a company that replied: the dialog names the company and the offer accepted (or none),
 * asks what of the customer's contact details the company is told, and says what happens to the
 * others. The offer shown is the one read when the dialog opened: if the company changed it
 * meanwhile, the server refuses and the dialog shows the current one to decide on again.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ConfirmDialog } from '@/client/components/confirm-dialog';
import { Alert } from '@/client/components/ui/alert';
import { Checkbox } from '@/client/components/ui/checkbox';
import { ApiError, errorMessage } from '@/client/lib/api';
import { useCurrentUser } from '@/client/lib/current-user';
import { OfferCard } from '@/client/entities/offers/offer-card';
import { Message, useT } from '@/client/lib/i18n';
import { notify } from '@/client/lib/notify';
import type { ComparisonRow } from '@/shared/schemas/hires';
import type { Offer } from '@/shared/schemas/offers';
import { endSentence } from '@/shared/sentence';
import { comparisonQueryKey, getComparison } from '../api/get-comparison';
import { useHireQuote } from '../api/hire-quote';
import { revisionText } from './comparison-row';

/** The offer accepted, as the conversation shows it, with how often it was revised. */
function AcceptedOffer({ offer, versions }: { offer: Offer; versions: number }) {
  const t = useT();
  const revised = revisionText(versions, t);
  return (
    <OfferCard offer={offer}>
      {revised && <p className="text-xs text-slate-700">{revised}</p>}
      {offer.expired && <p className="text-xs text-slate-700">{t('quotes.hireDialog.expired')}</p>}
    </OfferCard>
  );
}

interface Props {
  quoteId: number;
  /** The company to hire, as the comparison showed it when the dialog opened. */
  row: ComparisonRow | null;
  open: boolean;
  onClose(): void;
  /** After the hire went through and the page has the outcome. */
  onHired(): void;
  onCloseAutoFocus?(event: Event): void;
}

export function HireDialog({ quoteId, row: openedWith, open, onClose, onHired, onCloseAutoFocus }: Props) {
  const t = useT();
  const uid = useId();
  const queryClient = useQueryClient();
  const { data: user } = useCurrentUser();
  const hire = useHireQuote(quoteId);
  // What the dialog shows and accepts: the row it opened with, or the current one after a refusal.
  const [current, setCurrent] = useState<{ opened: ComparisonRow | null; row: ComparisonRow | null }>({
    opened: openedWith,
    row: openedWith,
  });
  const [shareEmail, setShareEmail] = useState(true);
  const [sharePhone, setSharePhone] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  if (current.opened !== openedWith) {
    // Opened again for a company: start over with what the comparison shows now.
    setCurrent({ opened: openedWith, row: openedWith });
    setShareEmail(true);
    setSharePhone(false);
    setProblem(null);
  }
  const row = current.row;
  if (!row) return null;
  const name = row.company.name;
  const phone = user?.phoneNumber?.trim() || null;

  /** The company's row as the server has it now (its offer may have changed). */
  const refreshRow = async () => {
    const comparison = await queryClient.fetchQuery({
      queryKey: comparisonQueryKey(quoteId),
      queryFn: () => getComparison(quoteId),
      staleTime: 0,
    });
    const fresh = comparison.rows.find((candidate) => candidate.company.id === row.company.id);
    if (fresh) setCurrent((state) => ({ ...state, row: fresh }));
  };

  const onConfirm = async () => {
    setProblem(null);
    try {
      await hire.mutateAsync({
        companyId: row.company.id,
        offerId: row.offer?.id ?? null,
        shareEmail,
        sharePhone: phone !== null && sharePhone,
      });
      notify.success(t('quotes.hireDialog.hiredTitle'), t('quotes.hireDialog.hiredDetail', { name }));
      onHired();
    } catch (error) {
      setProblem(errorMessage(error, t('quotes.hireDialog.failed')));
      // A changed offer, a company no longer available, a request decided elsewhere: show what holds now.
      if (error instanceof ApiError && error.status !== 429 && error.status < 500) await refreshRow().catch(() => undefined);
    }
  };

  return (
    <ConfirmDialog
      open={open}
      title={t('quotes.hireDialog.title', { name })}
      description={
        row.offer ? t('quotes.hireDialog.descriptionOffer', { name }) : t('quotes.hireDialog.descriptionNoOffer', { name })
      }
      confirmLabel={t('quotes.hireDialog.confirm', { name })}
      busyLabel={t('quotes.hireDialog.busy')}
      isBusy={hire.isPending}
      onConfirm={() => void onConfirm()}
      onClose={onClose}
      onCloseAutoFocus={onCloseAutoFocus}
    >
      {row.offer && <AcceptedOffer offer={row.offer} versions={row.offerVersions} />}
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-900">{t('quotes.hireDialog.shareLegend', { name })}</legend>
        <div className="flex items-start gap-2">
          <Checkbox
            id={`${uid}-email`}
            className="mt-0.5"
            checked={shareEmail}
            onCheckedChange={(checked) => setShareEmail(checked === true)}
          />
          <label htmlFor={`${uid}-email`} className="text-sm text-slate-800">
            {user?.email ? t('quotes.hireDialog.shareEmailAddress', { email: user.email }) : t('quotes.hireDialog.shareEmail')}
          </label>
        </div>
        {phone && (
          <div className="flex items-start gap-2">
            <Checkbox
              id={`${uid}-phone`}
              className="mt-0.5"
              checked={sharePhone}
              onCheckedChange={(checked) => setSharePhone(checked === true)}
            />
            <label htmlFor={`${uid}-phone`} className="text-sm text-slate-800">
              <Message
                id="quotes.hireDialog.sharePhone"
                values={{ phone }}
                parts={{ 0: <span className="whitespace-nowrap" /> }}
              />
            </label>
          </div>
        )}
      </fieldset>
      <ul className="grid list-disc gap-1 ps-5 text-sm text-slate-700">
        <li>{t('quotes.hireDialog.othersTold')}</li>
        <li>{endSentence(t('quotes.hireDialog.estimate', { name }))}</li>
      </ul>
      {problem && (
        <Alert variant="error" id={`${uid}-problem`}>
          {problem}
        </Alert>
      )}
    </ConfirmDialog>
  );
}
