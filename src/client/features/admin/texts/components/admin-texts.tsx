/**
 * The override screen: every text of the site, the mails and the text messages, found by its key
 * or its words in a language, and put in the operator's own words there ("Credits" for "Coins").
 * The address keeps the language, search, filter and page, so a found text can be linked to.
 */
import Search from 'lucide-react/icons/search';
import { useEffect, useState } from 'react';
import { LabelledSelect } from '@/client/components/labelled-select';
import { emptyListClass, ListStates, LoadingList, RetryAlert } from '@/client/components/list-states';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Checkbox } from '@/client/components/ui/checkbox';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { Skeleton } from '@/client/components/ui/skeleton';
import { useT } from '@/client/lib/i18n';
import { pageValue, setQueryValues, useAddressQuery } from '@/client/lib/use-address-query';
import { useDebouncedValue } from '@/client/lib/use-debounced-value';
import {
  directionOf,
  isLanguage,
  LANGUAGE_CODES,
  LANGUAGE_PARAM,
  SHIPPED_LANGUAGES,
  type Language,
} from '@/shared/i18n/languages';
import { ADMIN_SEARCH_DEBOUNCE_MS } from '@/shared/schemas/admin';
import type { TextEntry } from '@/shared/schemas/texts';
import { AdminPageHeader } from '../../shared/admin-page-header';
import { AdminPagination } from '../../shared/admin-pagination';
import { useTexts } from '../api/get-texts';
import { TextEditor } from './text-editor';

const readPage = (value: string | null) => {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
};

function TextRow({ entry, language }: { entry: TextEntry; language: Language }) {
  const t = useT();
  const [editing, setEditing] = useState(false);
  const shown = entry.override ?? entry.shipped;
  return (
    <li className="border-b border-slate-200 p-4 last:border-b-0">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 flex-1">
          <p className="font-mono text-xs break-all text-slate-600" dir="ltr">
            {entry.key}
          </p>
          <p className="mt-1 text-sm break-words text-slate-900" dir={directionOf(language)} lang={language}>
            {shown}
          </p>
          {entry.override !== null ? (
            <p className="mt-1 text-xs text-slate-600">
              {t('overrides.row.shipped')}{' '}
              <span dir={directionOf(language)} lang={language}>
                {entry.shipped}
              </span>
            </p>
          ) : null}
        </div>
        <div className="flex items-center gap-2">
          {entry.override !== null ? <Badge variant="secondary">{t('overrides.row.overridden')}</Badge> : null}
          {!editing ? (
            <Button
              size="sm"
              variant="outline"
              onClick={() => setEditing(true)}
              aria-label={t('overrides.row.editLabel', { key: entry.key })}
            >
              {t('overrides.row.edit')}
            </Button>
          ) : null}
        </div>
      </div>
      {editing ? <TextEditor entry={entry} language={language} onDone={() => setEditing(false)} /> : null}
    </li>
  );
}

export function AdminTexts() {
  const t = useT();
  const [params, changeParams] = useAddressQuery();
  const asked = params.get('language');
  const language: Language = isLanguage(asked) ? asked : 'en';
  const page = readPage(params.get('page'));
  const overridden = params.get('overridden') === 'true';
  const [search, setSearch] = useState(params.get('q') ?? '');
  const q = useDebouncedValue(search.trim(), ADMIN_SEARCH_DEBOUNCE_MS);
  const texts = useTexts({ language, q, overridden, page });

  const setQuery = (next: { language?: string; q?: string; overridden?: boolean; page?: number }) =>
    changeParams(
      (updated) =>
        setQueryValues(updated, {
          language: next.language,
          q: next.q,
          overridden: next.overridden === undefined ? undefined : next.overridden ? 'true' : null,
          page: pageValue(next.page),
        }),
      { replace: true },
    );

  // The address follows the search once typing pauses, back to the first page.
  useEffect(() => {
    if (q !== (params.get('q') ?? '')) setQuery({ q: q || '', page: 1 });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new search moves the address
  }, [q]);

  useEffect(() => {
    if (texts.error) console.warn('could not load the texts', texts.error);
  }, [texts.error]);

  const entries = texts.data?.texts ?? [];
  const total = texts.data?.total ?? 0;

  return (
    <div>
      <AdminPageHeader
        title={t('overrides.title')}
        description={t('overrides.description')}
        actions={
          <a
            className="text-sm font-medium text-blue-700 underline underline-offset-2 hover:text-blue-800"
            href={`/?${LANGUAGE_PARAM}=${language}`}
            target="_blank"
            rel="noreferrer"
          >
            {t('overrides.viewSite', { language: SHIPPED_LANGUAGES[language].name })}
          </a>
        }
      />

      <div className="mb-4 grid gap-3 sm:grid-cols-[auto_1fr] sm:items-end">
        <LabelledSelect
          label={t('overrides.language')}
          value={language}
          options={LANGUAGE_CODES.map((code) => ({ value: code, label: SHIPPED_LANGUAGES[code].name }))}
          onChange={(code) => setQuery({ language: code, page: 1 })}
        />
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="texts-search">{t('overrides.search')}</Label>
          <div className="relative">
            <Search className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-slate-500" aria-hidden />
            <Input
              id="texts-search"
              type="search"
              className="ps-9"
              value={search}
              placeholder={t('overrides.searchPlaceholder')}
              onChange={(event) => setSearch(event.target.value)}
            />
          </div>
        </div>
      </div>
      <div className="mb-4 flex items-center gap-2">
        <Checkbox
          id="texts-overridden"
          checked={overridden}
          onCheckedChange={(checked) => setQuery({ overridden: checked === true, page: 1 })}
        />
        <Label htmlFor="texts-overridden">{t('overrides.onlyOverridden')}</Label>
      </div>

      {texts.isError && !texts.data ? (
        <RetryAlert
          block
          title={t('overrides.errorTitle')}
          message={t('overrides.loadFailed')}
          onRetry={() => void texts.refetch()}
        />
      ) : (
        <>
          <p className="mb-2 text-sm text-slate-700" aria-live="polite">
            {texts.data ? t('overrides.count', { count: total }) : null}
          </p>
          <div className={texts.isPlaceholderData ? 'rounded-lg border bg-white opacity-70' : 'rounded-lg border bg-white'}>
            <ListStates
              data={entries}
              isPending={texts.isPending}
              isEmpty={(list) => list.length === 0}
              loading={
                <LoadingList label={t('overrides.loading')} className="grid gap-2 p-4" busy={false}>
                  {Array.from({ length: 6 }, (_, i) => (
                    <Skeleton key={i} className="h-12 w-full" />
                  ))}
                </LoadingList>
              }
              empty={t('overrides.empty')}
              emptyClassName={emptyListClass.table}
            >
              {(list) => (
                <ul aria-label={t('overrides.listLabel')}>
                  {list.map((entry) => (
                    <TextRow key={`${language}:${entry.key}`} entry={entry} language={language} />
                  ))}
                </ul>
              )}
            </ListStates>
          </div>
          <AdminPagination
            label={t('overrides.pages')}
            page={page}
            total={total}
            pageSize={texts.data?.pageSize ?? 25}
            isBusy={texts.isPlaceholderData}
            onPageChange={(next) => setQuery({ page: next })}
          />
        </>
      )}
    </div>
  );
}
