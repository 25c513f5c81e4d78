import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ChunkLoadError } from '@/client/lib/chunk-load-error';
import { useT } from '@/client/lib/i18n';

/** Shown when a screen fails to load or throws while rendering. */
export function RouteErrorScreen({ error }: { error: unknown }) {
  const t = useT();
  const isChunkFailure = error instanceof ChunkLoadError;
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

interface BoundaryProps {
  children: ReactNode;
  /** The address shown: the error screen stays until the visitor goes elsewhere. */
  resetKey: string;
}
interface BoundaryState {
  error: unknown;
  /** The address the error happened at; null while nothing failed. */
  failedAt: string | null;
}

/** Puts the error screen in place of the whole app when a screen throws, until the address changes. */
export class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: undefined, failedAt: null };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error, failedAt: '' };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    if (state.failedAt === '') return { failedAt: props.resetKey };
    if (state.failedAt !== null && state.failedAt !== props.resetKey) return { error: undefined, failedAt: null };
    return null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    // A screen whose code could not be fetched is expected after a deploy; anything else is a bug.
    if (!(error instanceof ChunkLoadError)) console.error(error, info.componentStack);
  }

  override render() {
    return this.state.failedAt === null ? this.props.children : <RouteErrorScreen error={this.state.error} />;
  }
}
