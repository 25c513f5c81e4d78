import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ChunkLoadError } from '@/client/lib/chunk-load-error';
import { useT } from '@/client/lib/i18n';

/** Shown when a screen fails to load or throws while rendering. */
export function RouteErrorScreen() {
  const t = useT();
  const error = useRouteError();
  const isChunkFailure = error instanceof ChunkLoadError;
  if (!isRouteErrorResponse(error) && !isChunkFailure) console.error(error);
  return (
    <main className="mx-auto max-w-md px-4 py-20 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{t('layout.error.title')}</h1>
      <p className="mt-3 text-slate-700">{t(isChunkFailure ? 'layout.error.newVersion' : 'layout.error.unexpected')}</p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="mt-6 rounded-md bg-blue-700 px-4 py-2 text-sm font-medium text-white hover:bg-blue-800"
      >
        {t('layout.error.reload')}
      </button>
    </main>
  );
}
