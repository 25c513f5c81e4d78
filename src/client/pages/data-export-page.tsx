import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { DataExportDownload } from '@/client/features/privacy/components/data-export-download';
import { usePageTitle } from '@/client/lib/use-page-title';

/** The mailed download link: /data-export?token=… (the token leaves the address once read). */
export default function DataExportPage() {
  usePageTitle('Download your data');
  const location = useLocation();
  const navigate = useNavigate();
  const [token] = useState(() => new URLSearchParams(location.search).get('token'));
  useEffect(() => {
    if (new URLSearchParams(location.search).has('token')) void navigate(location.pathname, { replace: true });
  }, [location, navigate]);
  return <DataExportDownload token={token} />;
}
