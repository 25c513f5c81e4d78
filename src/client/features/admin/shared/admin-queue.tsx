/**
 * The frame every admin decision queue shares (lead reports, moderation, credentials): a status
 * filter and a page kept in the address, so a queue can be linked and reloaded where it was; the
 * list's skeleton, error with Try again, and empty words; and the pages below it.
 */
import type { ReactNode } from 'react';
import { LabelledSelect } from '@/client/components/labelled-select';
import { ListStates, LoadingList, RetryAlert } from '@/client/components/list-states';
import { Skeleton } from '@/client/components/ui/skeleton';
import { errorMessage } from '@/client/lib/api';
import { useT, useTranslateText } from '@/client/lib/i18n';
import { pageValue, setQueryValues, useAddressQuery } from '@/client/lib/use-address-query';
import { AdminPageHeader } from './admin-page-header';
import { AdminPagination } from './admin-pagination';

export const QUEUE_PAGE_SIZE = 20;

/**
 * The queue's status and page from the address. A status outside `statuses` reads as `fallback`;
 * `omitted` is the status the address leaves out (a filter's "all").
 */
export function useQueueAddress<S extends string>(statuses: readonly S[], fallback: S, omitted?: S) {
  const [params, changeParams] = useAddressQuery();
  const requested = params.get('status');
  const status = statuses.find((candidate) => candidate === requested) ?? fallback;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const setQuery = (next: { status?: S; page?: number }) =>
    changeParams(
      (updated) =>
        setQueryValues(updated, {
          status: next.status === undefined ? undefined : next.status === omitted ? null : next.status,
          page: pageValue(next.page ?? 1),
        }),
      { replace: true },
    );
  return { status, page, setQuery };
}

interface QueueQuery<Data> {
  data: Data | undefined;
  isPending: boolean;
  isError: boolean;
  isPlaceholderData: boolean;
  error: unknown;
  refetch(): unknown;
}

interface AdminQueueProps<S extends string, Data, Item> {
  title: string;
  description: string;
  address: ReturnType<typeof useQueueAddress<S>>;
  filters: { value: S; label: string }[];
  queue: QueueQuery<Data>;
  itemsOf(data: Data): Item[];
  totalOf(data: Data): number;
  /** What the queue holds, plural ("reports"): in the loading, error and empty words. */
  noun: string;
  /** The pages' landmark name ("Report pages"). */
  pagesLabel: string;
  renderItem(item: Item): ReactNode;
  listTestId?: string;
}

export function AdminQueue<S extends string, Data, Item>({
  title,
  description,
  address,
  filters,
  queue,
  itemsOf,
  totalOf,
  noun,
  pagesLabel,
  renderItem,
  listTestId,
}: AdminQueueProps<S, Data, Item>) {
  const t = useT();
  const translateText = useTranslateText();
  const { status, page, setQuery } = address;
  return (
    <div>
      <AdminPageHeader title={title} description={description} />
      <div className="mb-4">
        <LabelledSelect
          label={t('admin.queue.show')}
          value={status}
          options={filters}
          onChange={(value) => setQuery({ status: value })}
        />
      </div>
      <ListStates
        data={queue.data}
        isPending={queue.isPending}
        isError={queue.isError && !queue.data}
        isEmpty={(loaded) => itemsOf(loaded).length === 0}
        loading={
          <LoadingList label={t('admin.queue.loading', { noun })} className="grid gap-3">
            <Skeleton className="h-48 w-full" />
            <Skeleton className="h-48 w-full" />
          </LoadingList>
        }
        error={
          <RetryAlert
            title={t('admin.queue.loadFailed', { noun })}
            message={translateText(errorMessage(queue.error, t('admin.common.tryAgain')))}
            onRetry={() => void queue.refetch()}
          />
        }
        empty={t('admin.queue.empty', { noun })}
        emptyClassName="rounded-md border border-slate-200 bg-white p-8 text-center text-slate-600"
      >
        {(loaded) => (
          <div className="grid gap-4" data-testid={listTestId}>
            {itemsOf(loaded).map(renderItem)}
            <AdminPagination
              label={pagesLabel}
              page={page}
              total={totalOf(loaded)}
              pageSize={QUEUE_PAGE_SIZE}
              isBusy={queue.isPlaceholderData}
              onPageChange={(next) => setQuery({ page: next })}
            />
          </div>
        )}
      </ListStates>
    </div>
  );
}
