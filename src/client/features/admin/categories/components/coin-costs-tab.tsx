/**
 * The Coin Costs tab: what a vendor pays for the first reply to a quote in each category, edited
 * inline (whole coins, 0 or more) and saved per category.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { RetryAlert } from '@/client/components/list-states';
import { Button } from '@/client/components/ui/button';
import { fieldA11y } from '@/client/components/ui/form-field';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { Skeleton } from '@/client/components/ui/skeleton';
import { ApiError, errorMessage } from '@/client/lib/api';
import { Message, useT, useTranslateText } from '@/client/lib/i18n';
import { notify } from '@/client/lib/notify';
import { CoinCostBodySchema } from '@/shared/schemas/admin';
import { wholeNumberFromText } from '@/shared/schemas/common';
import type { CategoryWithSubcategories } from '@/shared/schemas/company';
import { useCoinCosts } from '../api/get-coin-costs';
import { useUpdateCoinCost } from '../api/update-coin-cost';

// The shared field takes a JSON number; the form turns the input's digits into one first.
const costField = CoinCostBodySchema.shape.cost as unknown as z.ZodType<number, number>;

/** The number input hands over text: only plain digits are a number (empty, "1e3" or "-" are not). */
const CoinCostFormSchema = z.object({
  cost: z.string().trim().transform(wholeNumberFromText).pipe(costField),
});
type CoinCostFormInput = z.input<typeof CoinCostFormSchema>;
type CoinCostFormOutput = z.output<typeof CoinCostFormSchema>;

function CoinCostRow({ category, cost }: { category: CategoryWithSubcategories; cost: number | undefined }) {
  const t = useT();
  const translateText = useTranslateText();
  const uid = useId();
  const inputId = `${uid}-cost`;
  const update = useUpdateCoinCost();
  const form = useForm<CoinCostFormInput, unknown, CoinCostFormOutput>({
    resolver: zodResolver(CoinCostFormSchema),
    defaultValues: { cost: cost === undefined ? '' : String(cost) },
  });
  const fieldError = form.formState.errors.cost?.message;
  const error = fieldError && translateText(fieldError);

  const submit = form.handleSubmit(async ({ cost: next }) => {
    try {
      const saved = await update.mutateAsync({ categoryId: category.id, cost: next });
      form.reset({ cost: String(saved?.cost ?? next) });
      notify.success(t('admin.coinCosts.saved'));
    } catch (failure) {
      console.warn('Failed to update coin cost', failure);
      const text = translateText(errorMessage(failure, t('admin.common.errorOccurred')));
      if (failure instanceof ApiError && failure.status === 400) form.setError('cost', { message: text });
      notify.error(t('admin.coinCosts.saveFailed'), text);
    }
  });

  return (
    <li className="py-3">
      <form noValidate onSubmit={submit} className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <Label htmlFor={inputId} className="min-w-0 flex-1 basis-48 text-sm font-medium text-slate-900">
          <Message id="admin.coinCosts.label" values={{ name: category.name }} parts={{ 0: <span className="sr-only" /> }} />
        </Label>
        <div className="flex items-center gap-2">
          <Input
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            className="w-24"
            {...fieldA11y(inputId, error)}
            {...form.register('cost')}
          />
          <span className="text-sm text-slate-600" aria-hidden="true">
            {t('admin.coinCosts.unit')}
          </span>
          <Button type="submit" disabled={form.formState.isSubmitting}>
            <Message
              id={form.formState.isSubmitting ? 'admin.coinCosts.saving' : 'admin.coinCosts.save'}
              values={{ name: category.name }}
              parts={{ 0: <span className="sr-only" /> }}
            />
          </Button>
        </div>
        {error && (
          <p id={`${inputId}-error`} role="alert" className="basis-full text-sm text-red-700">
            {error}
          </p>
        )}
      </form>
    </li>
  );
}

export function CoinCostsTab({ categories }: { categories: CategoryWithSubcategories[] }) {
  const t = useT();
  const translateText = useTranslateText();
  const costs = useCoinCosts();
  if (costs.isPending) {
    return (
      <div aria-busy="true" aria-label={t('admin.coinCosts.loading')} className="grid gap-3 py-3">
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} className="h-10 w-full" />
        ))}
      </div>
    );
  }
  if (costs.isError) {
    return (
      <RetryAlert
        title={t('admin.coinCosts.loadFailed')}
        message={translateText(errorMessage(costs.error, t('admin.common.tryAgain')))}
        onRetry={() => void costs.refetch()}
      />
    );
  }
  const byCategory = new Map(costs.data.map((entry) => [entry.categoryId, entry.cost]));
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-slate-600">{t('admin.coinCosts.description')}</p>
      <ul aria-label={t('admin.coinCosts.list')} className="divide-y divide-slate-100">
        {categories.map((category) => (
          <CoinCostRow key={category.id} category={category} cost={byCategory.get(category.id)} />
        ))}
      </ul>
    </div>
  );
}
