import Download from 'lucide-react/icons/download';
import { Alert } from '@/client/components/ui/alert';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Skeleton } from '@/client/components/ui/skeleton';
import { errorMessage } from '@/client/lib/api';
import { formatDateTime } from '@/client/lib/format';
import { useT, useTranslateText } from '@/client/lib/i18n';
import type { DataExportStatus } from '@/shared/schemas/privacy';
import { useDataExport, useRequestDataExport } from '../api/data-export';

type Translate = ReturnType<typeof useT>;

/** Where the latest copy stands, in words (`t` is the screen's). */
function statusText(t: Translate, status: DataExportStatus): string {
  switch (status.status) {
    case 'none':
      return t('privacy.download.statusNone');
    case 'preparing':
      return t('privacy.download.statusPreparing');
    case 'mailed': {
      const mailedAt = status.mailedAt ? formatDateTime(status.mailedAt) : null;
      const expiresAt = status.expiresAt ? formatDateTime(status.expiresAt) : null;
      if (mailedAt && expiresAt) return t('privacy.download.statusMailedOnUntil', { mailedAt, expiresAt });
      if (mailedAt) return t('privacy.download.statusMailedOn', { mailedAt });
      if (expiresAt) return t('privacy.download.statusMailedUntil', { expiresAt });
      return t('privacy.download.statusMailed');
    }
    case 'downloaded':
      return t('privacy.download.statusDownloaded');
    case 'expired':
      return t('privacy.download.statusExpired');
    case 'failed':
      return t('privacy.download.statusFailed');
  }
}

/** The profile's "Download your data": ask for a copy, see where it stands; the link comes by e-mail. */
export function DownloadDataSection() {
  const t = useT();
  const translateText = useTranslateText();
  const status = useDataExport();
  const request = useRequestDataExport();
  const preparing = status.data?.status === 'preparing';

  return (
    <Card role="region" aria-labelledby="download-data-title">
      <CardHeader>
        <CardTitle id="download-data-title">{t('privacy.download.title')}</CardTitle>
        <CardDescription>
          {status.data
            ? t('privacy.download.descriptionWithHours', { hours: status.data.linkHours })
            : t('privacy.download.description')}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {status.isPending ? (
          <Skeleton className="h-5 w-3/4" aria-label={t('privacy.download.loadingStatus')} />
        ) : status.isError ? (
          <Alert variant="error" title={t('privacy.download.statusFailedToLoad')}>
            <Button variant="outline" size="sm" className="mt-2" onClick={() => void status.refetch()}>
              {t('privacy.download.tryAgain')}
            </Button>
          </Alert>
        ) : (
          <p className="text-sm text-slate-700" role="status" aria-live="polite" data-testid="data-export-status">
            {statusText(t, status.data)}
          </p>
        )}
        {request.isError && (
          <Alert variant="error" title={t('privacy.download.requestFailedTitle')}>
            {translateText(errorMessage(request.error, t('privacy.download.requestFailed')))}
          </Alert>
        )}
        <div>
          <Button
            variant="outline"
            onClick={() => request.mutate()}
            disabled={request.isPending || preparing || status.isPending}
          >
            <Download aria-hidden="true" />
            {request.isPending
              ? t('privacy.download.requesting')
              : status.data?.status === 'mailed'
                ? t('privacy.download.askForNew')
                : t('privacy.download.request')}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
