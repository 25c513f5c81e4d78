/**
 * The admin companies screen: search (300 ms debounce, back to page 1), the total badge, and a
 * table of name with id, category, city and state, rating (one decimal or "No ratings", with the
 * count), Active/Inactive, contact (phone, website) and actions Edit, Photos, Activate/Deactivate;
 * 10 a page with Previous/Next. Edit opens the app's business dialog, Photos the photo manager. The
 * page and search live in the address (?page=2&search=…), so a reload keeps the place.
 */
import { useQueryClient } from '@tanstack/react-query';
import ExternalLink from 'lucide-react/icons/external-link';
import Images from 'lucide-react/icons/images';
import Pencil from 'lucide-react/icons/pencil';
import Power from 'lucide-react/icons/power';
import PowerOff from 'lucide-react/icons/power-off';
import SlidersHorizontal from 'lucide-react/icons/sliders-horizontal';
import Star from 'lucide-react/icons/star';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { emptyListClass, ListStates, LoadingList, RetryAlert } from '@/client/components/list-states';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Skeleton } from '@/client/components/ui/skeleton';
import { getCompanyQueryOptions } from '@/client/entities/companies/get-company';
import { errorMessage } from '@/client/lib/api';
import { useBusinessDialog } from '@/client/lib/business-dialog-state';
import { Message, useT, useTranslateText, type MessageKey } from '@/client/lib/i18n';
import { notify } from '@/client/lib/notify';
import { pageValue, setQueryValues, useAddressQuery } from '@/client/lib/use-address-query';
import { ADMIN_PAGE_SIZES, type AdminCompanyRow } from '@/shared/schemas/admin';
import { adminStatsQueryKey } from '../../dashboard/api/get-admin-stats';
import { AdminPageHeader } from '../../shared/admin-page-header';
import { AdminPagination, pageCount } from '../../shared/admin-pagination';
import { AdminSearchInput } from '../../shared/admin-search-input';
import { AdminTableHead, AdminTableRegion, adminTable } from '../../shared/admin-table-region';
import { adminCompaniesQueryKey, useAdminCompanies } from '../api/get-admin-companies';
import { useToggleCompanyActive } from '../api/toggle-company-active';
import { CompanyLeadsDialog } from './company-leads-dialog';
import { CompanyPhotosDialog } from './company-photos-dialog';

const COLUMNS: MessageKey[] = [
  'admin.companies.column.company',
  'admin.companies.column.category',
  'admin.companies.column.location',
  'admin.companies.column.rating',
  'admin.companies.column.status',
  'admin.companies.column.contact',
  'admin.companies.column.actions',
];

const readPage = (value: string | null) => {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
};

/** A website as typed by an owner ("acme.com") still needs a scheme to be a link. */
const websiteHref = (website: string) => (/^https?:\/\//i.test(website) ? website : `https://${website}`);
const websiteLabel = (website: string) => website.replace(/^https?:\/\//i, '').replace(/\/$/, '');

function RatingCell({ company }: { company: AdminCompanyRow }) {
  const t = useT();
  if (company.avgRating === null || company.ratingCount === 0) {
    return <span className="text-slate-600">{t('admin.companies.noRatings')}</span>;
  }
  return (
    <span className="flex flex-col">
      <span className="flex items-center gap-1 font-medium text-slate-900">
        <Star className="size-4 fill-amber-400 text-amber-500" aria-hidden />
        <span>
          <Message
            id="admin.companies.rating"
            values={{ rating: company.avgRating.toFixed(1) }}
            parts={{ 0: <span className="sr-only" /> }}
          />
        </span>
      </span>
      <span className="text-xs text-slate-600">
        {t('admin.companies.ratingCount', { count: company.ratingCount, total: String(company.ratingCount) })}
      </span>
    </span>
  );
}

function CompanyRow({
  company,
  isOpening,
  isToggling,
  onEdit,
  onPreloadEditor,
  onPhotos,
  onLeads,
  onToggle,
}: {
  company: AdminCompanyRow;
  isOpening: boolean;
  isToggling: boolean;
  onEdit(): void;
  onPreloadEditor?(): void;
  onPhotos(): void;
  onLeads(): void;
  onToggle(): void;
}) {
  const t = useT();
  return (
    <tr className={adminTable.tr}>
      <th scope="row" className={`${adminTable.td} font-medium`}>
        <span className="block text-slate-900">{company.name}</span>
        <span className="block text-xs font-normal text-slate-600">{t('admin.companies.id', { id: company.id })}</span>
      </th>
      <td className={adminTable.td}>{company.category || '—'}</td>
      <td className={`${adminTable.td} whitespace-nowrap`}>{[company.city, company.state].filter(Boolean).join(', ') || '—'}</td>
      <td className={`${adminTable.td} whitespace-nowrap`}>
        <RatingCell company={company} />
      </td>
      <td className={adminTable.td}>
        <Badge variant={company.isActive ? 'success' : 'destructive'}>
          {t(company.isActive ? 'admin.companies.active' : 'admin.companies.inactive')}
        </Badge>
      </td>
      <td className={adminTable.td}>
        <span className="flex flex-col gap-0.5">
          {company.phone ? (
            <a href={`tel:${company.phone}`} className="whitespace-nowrap text-slate-800 hover:underline">
              {company.phone}
            </a>
          ) : (
            <span className="text-slate-600">{t('admin.companies.noPhone')}</span>
          )}
          {company.website ? (
            <a
              href={websiteHref(company.website)}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex max-w-56 items-center gap-1 text-blue-700 hover:underline"
            >
              <span className="truncate">{websiteLabel(company.website)}</span>
              <ExternalLink className="size-3 shrink-0" aria-hidden />
              <span className="sr-only">{t('admin.companies.opensInNewTab')}</span>
            </a>
          ) : null}
        </span>
      </td>
      <td className={adminTable.td}>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            size="sm"
            onClick={onEdit}
            onPointerEnter={onPreloadEditor}
            onFocus={onPreloadEditor}
            disabled={isOpening}
            aria-label={t('admin.companies.editLabel', { name: company.name })}
          >
            <Pencil aria-hidden /> {t(isOpening ? 'admin.companies.opening' : 'admin.companies.edit')}
          </Button>
          <Button
            variant="outline"
            size="sm"
            onClick={onPhotos}
            aria-label={t('admin.companies.photosLabel', { name: company.name })}
          >
            <Images aria-hidden /> {t('admin.companies.photos')}
          </Button>
          <Button
            variant="outline"
            size="sm"
            onClick={onLeads}
            aria-label={t('admin.companies.leadsLabel', { name: company.name })}
          >
            <SlidersHorizontal aria-hidden /> {t('admin.companies.leads')}
          </Button>
          <Button
            variant={company.isActive ? 'destructive' : 'default'}
            size="sm"
            onClick={onToggle}
            disabled={isToggling}
            aria-label={t(company.isActive ? 'admin.companies.deactivateLabel' : 'admin.companies.activateLabel', {
              name: company.name,
            })}
          >
            {company.isActive ? <PowerOff aria-hidden /> : <Power aria-hidden />}
            {t(company.isActive ? 'admin.companies.deactivate' : 'admin.companies.activate')}
          </Button>
        </div>
      </td>
    </tr>
  );
}

function CompaniesSkeleton() {
  return (
    <div className="grid gap-2 p-4" aria-hidden="true">
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} className="h-12 w-full" />
      ))}
    </div>
  );
}

export interface AdminCompaniesProps {
  /** Starts loading the business form (the companies feature's), so that Edit opens at once. */
  onPreloadEditor?(): void;
  /** The photo manager of one company (the images feature's), shown in the Photos dialog. */
  renderPhotoManager(company: AdminCompanyRow): ReactNode;
  /** One company's lead preferences (the leads feature's), shown in the Leads dialog. */
  renderLeadPreferences(company: AdminCompanyRow): ReactNode;
}

export function AdminCompanies({ onPreloadEditor, renderPhotoManager, renderLeadPreferences }: AdminCompaniesProps) {
  const t = useT();
  const translateText = useTranslateText();
  const queryClient = useQueryClient();
  const [params, changeParams] = useAddressQuery();
  const page = readPage(params.get('page'));
  const search = params.get('search') ?? '';
  const companies = useAdminCompanies({ page, search });
  const toggle = useToggleCompanyActive();
  const { target: businessTarget, openEditBusiness } = useBusinessDialog();
  const [openingId, setOpeningId] = useState<number | null>(null);
  const [photosOf, setPhotosOf] = useState<AdminCompanyRow | null>(null);
  const [leadsOf, setLeadsOf] = useState<AdminCompanyRow | null>(null);
  const editedHere = useRef(false);

  useEffect(() => {
    if (companies.error) console.warn('could not load companies', companies.error);
  }, [companies.error]);

  // The app's business dialog refreshes the owner's lists, not this one: refresh it when it closes.
  useEffect(() => {
    if (businessTarget === null && editedHere.current) {
      editedHere.current = false;
      void queryClient.invalidateQueries({ queryKey: adminCompaniesQueryKey });
      void queryClient.invalidateQueries({ queryKey: adminStatsQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'audit-log'] });
    }
  }, [businessTarget, queryClient]);

  const setQuery = (next: { page?: number; search?: string }) =>
    changeParams(
      (updated) =>
        setQueryValues(updated, {
          page: pageValue(next.page),
          search: next.search === undefined ? undefined : next.search.trim() ? next.search : null,
        }),
      { replace: true },
    );

  const onEdit = async (row: AdminCompanyRow) => {
    setOpeningId(row.id);
    try {
      // The dialog edits the full company (description, subcategories…), which the row does not carry.
      const company = await queryClient.fetchQuery({ ...getCompanyQueryOptions(row.id), staleTime: 0 });
      editedHere.current = true;
      openEditBusiness(company);
    } catch (error) {
      console.warn('company not loaded for editing', error);
      notify.error(t('admin.companies.openFailed'), translateText(errorMessage(error, t('admin.common.errorOccurred'))));
    } finally {
      setOpeningId(null);
    }
  };

  const onToggle = (row: AdminCompanyRow) => {
    toggle.mutate(row.id, {
      onSuccess: (answer) =>
        notify.success(t(answer.isActive ? 'admin.companies.activated' : 'admin.companies.deactivated'), row.name),
      onError: (error) => {
        console.warn('company status not changed', error);
        notify.error(t('admin.companies.toggleFailed'), translateText(errorMessage(error, t('admin.common.errorOccurred'))));
      },
    });
  };

  const data = companies.data;
  const rows = data?.companies ?? [];
  const total = data?.total ?? 0;
  const totalPages = pageCount(total, ADMIN_PAGE_SIZES.companies);

  // A search or deletion can leave the page past the end: go to the last one there is.
  const isPastTheEnd = data !== undefined && !companies.isPlaceholderData && page > totalPages;
  useEffect(() => {
    if (!isPastTheEnd) return;
    changeParams((updated) => setQueryValues(updated, { page: pageValue(totalPages) }), { replace: true });
  }, [isPastTheEnd, totalPages, changeParams]);

  return (
    <div>
      <AdminPageHeader
        title={t('admin.companies.title')}
        description={t('admin.companies.description')}
        actions={
          data ? (
            <Badge variant="secondary" className="text-sm" aria-live="polite">
              {t('admin.companies.count', { count: total, total: String(total) })}
            </Badge>
          ) : null
        }
      />

      <AdminSearchInput
        label={t('admin.companies.search')}
        placeholder={t('admin.companies.searchPlaceholder')}
        value={search}
        onSearch={(text) => setQuery({ search: text, page: 1 })}
        className="mb-4 max-w-md"
      />

      {companies.isError && !data ? (
        <RetryAlert
          block
          title={t('admin.common.error')}
          message={t('admin.companies.loadFailed')}
          onRetry={() => void companies.refetch()}
        />
      ) : (
        <>
          <AdminTableRegion label={t('admin.companies.table')} className={companies.isPlaceholderData ? 'opacity-70' : undefined}>
            <ListStates
              data={rows}
              isPending={companies.isPending}
              isEmpty={(list) => list.length === 0}
              loading={
                <LoadingList label={t('admin.companies.loading')} busy={false}>
                  <CompaniesSkeleton />
                </LoadingList>
              }
              empty={search.trim() ? t('admin.companies.noMatch', { search: search.trim() }) : t('admin.companies.empty')}
              emptyClassName={emptyListClass.table}
            >
              {() => (
                <table className={`${adminTable.table} min-w-[960px]`}>
                  <caption className="sr-only">
                    {search.trim()
                      ? t('admin.companies.captionMatching', { search: search.trim(), page, totalPages })
                      : t('admin.companies.caption', { page, totalPages })}
                  </caption>
                  <AdminTableHead columns={COLUMNS.map((column) => t(column))} />
                  <tbody>
                    {rows.map((row) => (
                      <CompanyRow
                        key={row.id}
                        company={row}
                        isOpening={openingId === row.id}
                        isToggling={toggle.isPending && toggle.variables === row.id}
                        onEdit={() => void onEdit(row)}
                        onPreloadEditor={onPreloadEditor}
                        onPhotos={() => setPhotosOf(row)}
                        onLeads={() => setLeadsOf(row)}
                        onToggle={() => onToggle(row)}
                      />
                    ))}
                  </tbody>
                </table>
              )}
            </ListStates>
          </AdminTableRegion>
          {companies.isError && data ? (
            <p role="alert" className="mt-2 text-sm text-red-700">
              {t('admin.companies.loadFailed')}
            </p>
          ) : null}
          <AdminPagination
            label={t('admin.companies.pages')}
            page={page}
            total={total}
            pageSize={ADMIN_PAGE_SIZES.companies}
            isBusy={companies.isPlaceholderData}
            onPageChange={(next) => setQuery({ page: next })}
          />
        </>
      )}

      <CompanyPhotosDialog company={photosOf} onClose={() => setPhotosOf(null)} renderPhotoManager={renderPhotoManager} />
      <CompanyLeadsDialog company={leadsOf} onClose={() => setLeadsOf(null)} renderLeadPreferences={renderLeadPreferences} />
    </div>
  );
}
