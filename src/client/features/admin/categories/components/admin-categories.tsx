/**
 * The admin categories screen: four tabs — Category Images, Subcategory Images, Coin Costs,
 * Questions. The open tab lives in the address (?tab=coin-costs) so a reload stays on it; Radix
 * tabs give arrow-key movement between them.
 */
import { ListStates, RetryAlert } from '@/client/components/list-states';
import { Card, CardContent } from '@/client/components/ui/card';
import { Skeleton } from '@/client/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/client/components/ui/tabs';
import { useCategoriesWithSubcategories } from '@/client/entities/categories/get-categories-with-subcategories';
import { errorMessage } from '@/client/lib/api';
import { useT, useTranslateText, type MessageKey } from '@/client/lib/i18n';
import { useAddressQuery } from '@/client/lib/use-address-query';
import { CategoryImagesTab } from './category-images-tab';
import { CategoryQuestionsTab } from './category-questions-tab';
import { CoinCostsTab } from './coin-costs-tab';
import { SubcategoryImagesTab } from './subcategory-images-tab';

const TABS = [
  { value: 'category-images', label: 'admin.categories.tab.categoryImages' },
  { value: 'subcategory-images', label: 'admin.categories.tab.subcategoryImages' },
  { value: 'coin-costs', label: 'admin.categories.tab.coinCosts' },
  { value: 'questions', label: 'admin.categories.tab.questions' },
] as const satisfies readonly { value: string; label: MessageKey }[];
type TabValue = (typeof TABS)[number]['value'];
const isTab = (value: string | null): value is TabValue => TABS.some((tab) => tab.value === value);

function LoadingRows() {
  const t = useT();
  return (
    <div aria-busy="true" aria-label={t('admin.categories.loading')} className="grid gap-4">
      <Skeleton className="h-10 w-full max-w-md" />
      {Array.from({ length: 5 }, (_, index) => (
        <div key={index} className="flex items-center gap-3">
          <Skeleton className="size-16 shrink-0" />
          <Skeleton className="h-10 flex-1" />
        </div>
      ))}
    </div>
  );
}

export function AdminCategories() {
  const t = useT();
  const translateText = useTranslateText();
  const categories = useCategoriesWithSubcategories();
  const [params, changeParams] = useAddressQuery();
  const requested = params.get('tab');
  const tab: TabValue = isTab(requested) ? requested : 'category-images';
  const setTab = (next: string) =>
    changeParams(
      (updated) => {
        if (next === 'category-images') updated.delete('tab');
        else updated.set('tab', next);
      },
      { replace: true },
    );

  const body = (
    <ListStates
      data={categories.data}
      isPending={categories.isPending}
      isError={categories.isError}
      isEmpty={(list) => list.length === 0}
      loading={<LoadingRows />}
      error={
        <RetryAlert
          title={t('admin.categories.loadFailed')}
          message={translateText(errorMessage(categories.error, t('admin.common.tryAgain')))}
          onRetry={() => void categories.refetch()}
        />
      }
      empty={t('admin.categories.empty')}
      emptyClassName="py-6 text-sm text-slate-600"
    >
      {(list) => (
        <Tabs value={tab} onValueChange={setTab}>
          <TabsList aria-label={t('admin.categories.tabs')} className="grid h-auto w-full grid-cols-2 sm:inline-flex sm:w-fit">
            {TABS.map(({ value, label }) => (
              <TabsTrigger
                key={value}
                value={value}
                className="min-h-8 px-2 py-1 text-xs whitespace-normal sm:px-3 sm:text-sm sm:whitespace-nowrap"
              >
                {t(label)}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value="category-images">
            <CategoryImagesTab categories={list} />
          </TabsContent>
          <TabsContent value="subcategory-images">
            <SubcategoryImagesTab categories={list} />
          </TabsContent>
          <TabsContent value="coin-costs">
            <CoinCostsTab categories={list} />
          </TabsContent>
          <TabsContent value="questions">
            <CategoryQuestionsTab categories={list} />
          </TabsContent>
        </Tabs>
      )}
    </ListStates>
  );

  return (
    <div className="flex flex-col gap-4">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">{t('admin.categories.title')}</h1>
        <p className="text-sm text-slate-600">{t('admin.categories.description')}</p>
      </div>
      <Card>
        <CardContent className="p-3 sm:p-6">{body}</CardContent>
      </Card>
    </div>
  );
}
