import { Download, FileWarning } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { StatusCard } from '@/client/components/status-card';
import { Button, buttonVariants } from '@/client/components/ui/button';
import { Spinner } from '@/client/components/ui/spinner';
import { ApiError } from '@/client/lib/api';
import { formatDateTime } from '@/client/lib/format';
import { DATA_EXPORT_DOWNLOAD_ACTION, useDataExportLink } from '../api/data-export-link';

const toProfile = (
  <Link to="/profile" className={buttonVariants({ variant: 'outline' })}>
    Go to your profile
  </Link>
);

/**
 * The screen the mailed link opens. Opening it (as a mail scanner does) only checks the link; the
 * Download button posts the token as an ordinary form, so the browser saves the ZIP itself, and
 * that post is what spends the link.
 */
export function DataExportDownload({ token }: { token: string | null }) {
  const link = useDataExportLink(token);
  const [started, setStarted] = useState(false);

  if (!token) {
    return (
      <StatusCard icon={FileWarning} iconClassName="text-red-700" title="This link is not valid">
        {toProfile}
      </StatusCard>
    );
  }
  if (link.isPending) {
    return (
      <StatusCard
        title="Download your data"
        description={
          <span className="inline-flex items-center gap-2" role="status">
            <Spinner /> Checking your download link...
          </span>
        }
      />
    );
  }
  if (link.isError) {
    const gone = link.error instanceof ApiError && link.error.status === 410;
    const reason =
      link.error instanceof ApiError
        ? (link.error.serverMessage ?? 'The link could not be checked. Please try again.')
        : 'The link could not be checked. Please try again.';
    return (
      <StatusCard
        icon={FileWarning}
        iconClassName="text-red-700"
        title={gone ? 'This link no longer works' : 'This link is not valid'}
        description={reason}
      >
        {toProfile}
      </StatusCard>
    );
  }
  return (
    <StatusCard
      icon={Download}
      title="Download your data"
      description={`Your copy is ready: a ZIP file of JSON files and your images. The download works once, until ${formatDateTime(
        link.data.expiresAt,
      )}.`}
    >
      <form method="post" action={DATA_EXPORT_DOWNLOAD_ACTION} onSubmit={() => setStarted(true)} className="grid gap-3">
        <input type="hidden" name="token" value={token} />
        <Button type="submit">
          <Download aria-hidden="true" />
          Download
        </Button>
        {started && (
          <p className="text-sm text-slate-700" role="status">
            Your download has started. The link now no longer works; ask for a new copy from your profile when you need one.
          </p>
        )}
      </form>
    </StatusCard>
  );
}
