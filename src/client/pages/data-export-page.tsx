import { DataExportDownload } from '@/client/features/privacy/components/data-export-download';
import { usePageTitle } from '@/client/lib/use-page-title';
import { useTokenFromAddress } from '@/client/lib/use-token-from-address';

/** The mailed download link: /data-export?token=… (the token leaves the address once read). */
export default function DataExportPage() {
  usePageTitle('Download your data');
  const token = useTokenFromAddress();
  return <DataExportDownload token={token} />;
}
