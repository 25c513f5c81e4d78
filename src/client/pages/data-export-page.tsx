import { DataExportDownload } from '@/client/features/privacy/components/data-export-download';
import { useT } from '@/client/lib/i18n';
import { usePageTitle } from '@/client/lib/use-page-title';
import { useTokenFromAddress } from '@/client/lib/use-token-from-address';

/** The mailed download link: /data-export?token=… (the token leaves the address once read). */
export default function DataExportPage() {
  const t = useT();
  usePageTitle(t('privacy.exportDownload.title'));
  const token = useTokenFromAddress();
  return <DataExportDownload token={token} />;
}
