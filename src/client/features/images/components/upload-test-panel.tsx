/**
 * The /upload-test tool: one file through POST /api/upload/single and the stored object as the
 * server describes it and serves it back. No type or size check here on purpose: the server's own
 * answer is what this page is for.
 */
import Upload from 'lucide-react/icons/upload';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { FallbackImage } from '@/client/components/fallback-image';
import { Alert } from '@/client/components/ui/alert';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { fieldA11y, FormField } from '@/client/components/ui/form-field';
import { Input } from '@/client/components/ui/input';
import { Progress } from '@/client/components/ui/progress';
import { ApiError, errorMessage } from '@/client/lib/api';
import { formatNumber } from '@/client/lib/format';
import { useT } from '@/client/lib/i18n';
import { notify } from '@/client/lib/notify';
import { IMAGE_TYPES, type UploadResponse } from '@/shared/schemas/upload';
import { useUploadSingle } from '../api/upload-single';

type Translate = ReturnType<typeof useT>;

const formatBytes = (t: Translate, bytes: number) =>
  bytes < 1024
    ? t('images.uploadTest.sizeBytes', { size: bytes })
    : bytes < 1024 * 1024
      ? t('images.uploadTest.sizeKilobytes', { size: (bytes / 1024).toFixed(1) })
      : t('images.uploadTest.sizeMegabytes', { size: (bytes / 1024 / 1024).toFixed(2) });

function StoredObject({ result, fileName }: { result: UploadResponse; fileName: string }) {
  const t = useT();
  const rows: [string, ReactNode][] = [
    [t('images.uploadTest.objectId'), <code className="break-all font-mono text-xs">{result.objectId}</code>],
    [t('images.uploadTest.storedType'), result.contentType],
    [t('images.uploadTest.sourceType'), result.sourceType],
    [
      t('images.uploadTest.size'),
      t('images.uploadTest.sizeValue', {
        size: formatBytes(t, result.byteSize),
        count: result.byteSize,
        bytes: formatNumber(result.byteSize),
      }),
    ],
    [
      t('images.uploadTest.dimensions'),
      result.width && result.height
        ? t('images.uploadTest.dimensionsValue', { width: result.width, height: result.height })
        : t('images.uploadTest.unknown'),
    ],
    [
      t('images.uploadTest.address'),
      <a href={result.objectUrl} className="break-all text-blue-700 underline" target="_blank" rel="noreferrer">
        {result.objectUrl}
      </a>,
    ],
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('images.uploadTest.storedObject')}</CardTitle>
        <CardDescription>{t('images.uploadTest.storedObjectDescription', { fileName })}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 md:grid-cols-2">
        <dl className="grid content-start gap-3 text-sm">
          {rows.map(([term, value]) => (
            <div key={term} className="grid grid-cols-[7rem_minmax(0,1fr)] gap-2">
              <dt className="text-slate-600">{term}</dt>
              <dd className="font-medium text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
        <div className="grid gap-3">
          <figure className="grid gap-1">
            <FallbackImage
              src={result.objectUrl}
              alt={t('images.uploadTest.storedImageAlt', { contentType: result.contentType })}
              className="max-h-80 w-full rounded-md border border-slate-200 bg-slate-100 object-contain"
              fallbackClassName="h-40 p-8"
            />
            <figcaption className="text-xs text-slate-600">{t('images.uploadTest.displayImage')}</figcaption>
          </figure>
          {result.thumbnailUrl && (
            <figure className="grid gap-1">
              <FallbackImage
                src={result.thumbnailUrl}
                alt={t('images.uploadTest.thumbnailAlt')}
                className="h-24 w-fit max-w-full rounded-md border border-slate-200 bg-slate-100 object-contain"
                fallbackClassName="w-24 p-4"
              />
              <figcaption className="text-xs text-slate-600">{t('images.uploadTest.thumbnail')}</figcaption>
            </figure>
          )}
        </div>
      </CardContent>
    </Card>
  );
}

export function UploadTestPanel() {
  const t = useT();
  const uid = useId();
  const upload = useUploadSingle();
  const abort = useRef<AbortController | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [result, setResult] = useState<{ object: UploadResponse; fileName: string } | null>(null);
  const [missing, setMissing] = useState(false);

  useEffect(() => () => abort.current?.abort(), []);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setMissing(true);
      return;
    }
    setFailure(null);
    setResult(null);
    setProgress(0);
    abort.current = new AbortController();
    try {
      const object = await upload.mutateAsync({ file, onProgress: setProgress, signal: abort.current.signal });
      setResult({ object, fileName: file.name });
      notify.success(
        t('images.uploadTest.uploaded'),
        t('images.uploadTest.uploadedDetail', { name: file.name, contentType: object.contentType }),
      );
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      const message =
        error instanceof ApiError && error.status === 401
          ? t('images.uploadTest.logInToUpload')
          : errorMessage(error, t('images.uploadTest.failedFallback'));
      setFailure(message);
      notify.error(t('images.common.uploadFailed'), message);
      console.warn('upload failed', error);
    } finally {
      setProgress(null);
      abort.current = null;
    }
  };

  const busy = upload.isPending;
  const fileError = missing ? t('images.uploadTest.chooseFile') : undefined;
  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>{t('images.uploadTest.formTitle')}</CardTitle>
          <CardDescription>{t('images.uploadTest.formDescription')}</CardDescription>
        </CardHeader>
        <CardContent>
          <form onSubmit={onSubmit} noValidate className="grid gap-4">
            <FormField id={`${uid}-file`} label={t('images.uploadTest.fileLabel')} error={fileError}>
              <Input
                {...fieldA11y(`${uid}-file`, fileError)}
                type="file"
                accept={IMAGE_TYPES.join(',')}
                disabled={busy}
                className="h-auto py-1.5"
                onChange={(event) => {
                  setFile(event.target.files?.[0] ?? null);
                  setMissing(false);
                  setFailure(null);
                }}
              />
            </FormField>
            <div>
              <Button type="submit" disabled={busy}>
                <Upload aria-hidden />
                {busy ? t('images.common.uploading') : t('images.uploadTest.submit')}
              </Button>
            </div>
            {progress !== null && <Progress value={progress} label={t('images.common.uploadProgress')} showValue />}
            {failure && (
              <Alert variant="error" title={t('images.common.uploadFailed')}>
                {failure}
              </Alert>
            )}
          </form>
        </CardContent>
      </Card>
      {result && <StoredObject result={result.object} fileName={result.fileName} />}
    </div>
  );
}
