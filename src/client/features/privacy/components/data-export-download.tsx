import Download from 'lucide-react/icons/download';
import FileWarning from 'lucide-react/icons/file-exclamation-point';
import { useState } from 'react';
import { Link } from 'react-router';
import { StatusCard } from '@/client/components/status-card';
import { Button, buttonVariants } from '@/client/components/ui/button';
import { Spinner } from '@/client/components/ui/spinner';
import { ApiError } from '@/client/lib/api';
import { formatDateTime } from '@/client/lib/format';
import { useT, useTranslateText } from '@/client/lib/i18n';
import { DATA_EXPORT_DOWNLOAD_ACTION, useDataExportLink } from '../api/data-export-link';

function ToProfile() {
  const t = useT();
  return (
    <Link to="/profile" className={buttonVariants({ variant: 'outline' })}>
      {t('privacy.exportDownload.toProfile')}
    </Link>
  );
}

/**
 * The screen the mailed link opens. Opening it (as a mail scanner does) only checks the link; the
 * Download button posts the token as an ordinary form, so the browser saves the ZIP itself, and
 * that post is what spends the link.
 */
export function DataExportDownload({ token }: { token: string | null }) {
  const t = useT();
  const translateText = useTranslateText();
  const link = useDataExportLink(token);
  const [started, setStarted] = useState(false);

  if (!token) {
    return (
      <StatusCard icon={FileWarning} iconClassName="text-red-700" title={t('privacy.exportDownload.invalidTitle')}>
        <ToProfile />
      </StatusCard>
    );
  }
  if (link.isPending) {
    return (
      <StatusCard
        title={t('privacy.exportDownload.title')}
        description={
          <span className="inline-flex items-center gap-2" role="status">
            <Spinner /> {t('privacy.exportDownload.checking')}
          </span>
        }
      />
    );
  }
  if (link.isError) {
    const gone = link.error instanceof ApiError && link.error.status === 410;
    const reason =
      link.error instanceof ApiError && link.error.serverMessage
        ? translateText(link.error.serverMessage)
        : t('privacy.exportDownload.checkFailed');
    return (
      <StatusCard
        icon={FileWarning}
        iconClassName="text-red-700"
        title={gone ? t('privacy.exportDownload.goneTitle') : t('privacy.exportDownload.invalidTitle')}
        description={reason}
      >
        <ToProfile />
      </StatusCard>
    );
  }
  return (
    <StatusCard
      icon={Download}
      title={t('privacy.exportDownload.title')}
      description={t('privacy.exportDownload.ready', { until: formatDateTime(link.data.expiresAt) })}
    >
      <form method="post" action={DATA_EXPORT_DOWNLOAD_ACTION} onSubmit={() => setStarted(true)} className="grid gap-3">
        <input type="hidden" name="token" value={token} />
        <Button type="submit">
          <Download aria-hidden="true" />
          {t('privacy.exportDownload.download')}
        </Button>
        {started && (
          <p className="text-sm text-slate-700" role="status">
            {t('privacy.exportDownload.started')}
          </p>
        )}
      </form>
    </StatusCard>
  );
}
