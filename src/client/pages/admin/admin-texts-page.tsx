import { AdminTexts } from '@/client/features/admin/texts/components/admin-texts';
import { useT } from '@/client/lib/i18n';
import { usePageTitle } from '@/client/lib/use-page-title';

/** /admin/texts: the operator's own words for any text of the site, the mails and the texts. */
export default function AdminTextsPage() {
  const t = useT();
  usePageTitle(t('overrides.pageTitle'));
  return <AdminTexts />;
}
