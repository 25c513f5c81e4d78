import { Download } from 'lucide-react';
import { Alert } from '@/client/components/ui/alert';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Skeleton } from '@/client/components/ui/skeleton';
import { errorMessage } from '@/client/lib/api';
import { formatDateTime } from '@/client/lib/format';
import type { DataExportStatus } from '@/shared/schemas/privacy';
import { useDataExport, useRequestDataExport } from '../api/data-export';

/** Where the latest copy stands, in words. */
function statusText(status: DataExportStatus): string {
  switch (status.status) {
    case 'none':
      return 'You have not asked for a copy of your data yet.';
    case 'preparing':
      return 'Preparing your copy. We will e-mail you a download link when it is ready.';
    case 'mailed':
      return `Mailed${status.mailedAt ? ` on ${formatDateTime(status.mailedAt)}` : ''}: the link in the e-mail works once${
        status.expiresAt ? `, until ${formatDateTime(status.expiresAt)}` : ''
      }.`;
    case 'downloaded':
      return 'Your last copy was downloaded. You can ask for a new one at any time.';
    case 'expired':
      return 'The link to your last copy expired and the copy was deleted. You can ask for a new one.';
    case 'failed':
      return 'We could not prepare your copy. Please ask again.';
  }
}

/** The profile's "Download your data": ask for a copy, see where it stands; the link comes by e-mail. */
export function DownloadDataSection() {
  const status = useDataExport();
  const request = useRequestDataExport();
  const preparing = status.data?.status === 'preparing';

  return (
    <Card role="region" aria-labelledby="download-data-title">
      <CardHeader>
        <CardTitle id="download-data-title">Download your data</CardTitle>
        <CardDescription>
          Get a copy of everything we hold about you: your profile, businesses, requests, messages, reviews, coins and payments,
          favourites, notices, sign-ins and the images you uploaded, as a ZIP file of JSON files. We e-mail you a link that works
          once{status.data ? ` and expires after ${status.data.linkHours} hours` : ''}.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {status.isPending ? (
          <Skeleton className="h-5 w-3/4" aria-label="Loading the status of your copy" />
        ) : status.isError ? (
          <Alert variant="error" title="The status of your copy could not be loaded">
            <Button variant="outline" size="sm" className="mt-2" onClick={() => void status.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : (
          <p className="text-sm text-slate-700" role="status" aria-live="polite" data-testid="data-export-status">
            {statusText(status.data)}
          </p>
        )}
        {request.isError && (
          <Alert variant="error" title="Your copy was not requested">
            {errorMessage(request.error, 'Something went wrong. Please try again.')}
          </Alert>
        )}
        <div>
          <Button
            variant="outline"
            onClick={() => request.mutate()}
            disabled={request.isPending || preparing || status.isPending}
          >
            <Download aria-hidden="true" />
            {request.isPending ? 'Requesting…' : status.data?.status === 'mailed' ? 'Ask for a new copy' : 'Request a copy'}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
