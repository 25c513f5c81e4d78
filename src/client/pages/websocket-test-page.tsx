import { useRef, useState } from 'react';
import { ConnectionBadge } from '@/client/components/connection-badge';
import { TestPageGate } from '@/client/components/test-page-gate';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { useT } from '@/client/lib/i18n';
import { useConnectionState, useRealtimeEvent, useRealtimeSend, useRecentFrames } from '@/client/lib/realtime';
import { usePageTitle } from '@/client/lib/use-page-title';

const formatTime = (ms: number) =>
  new Date(ms).toLocaleTimeString('en-US', { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false });

/** Ping measures the round trip to the server's pong; the log lists every frame since sign-in. */
function WebSocketTester() {
  const t = useT();
  const state = useConnectionState();
  const send = useRealtimeSend();
  const frames = useRecentFrames();
  const [clearedBefore, setClearedBefore] = useState(0);
  const [roundTrip, setRoundTrip] = useState<number | null>(null);
  const [pingFailed, setPingFailed] = useState(false);
  const pingSentAt = useRef<number | null>(null);

  useRealtimeEvent('pong', () => {
    if (pingSentAt.current === null) return; // the 30-second keep-alive's answer
    setRoundTrip(Math.round(performance.now() - pingSentAt.current));
    pingSentAt.current = null;
  });

  const onPing = () => {
    setPingFailed(false);
    setRoundTrip(null);
    pingSentAt.current = performance.now();
    if (!send({ type: 'ping' })) {
      pingSentAt.current = null;
      setPingFailed(true);
    }
  };

  const shown = frames.filter((frame) => frame.id > clearedBefore).reverse();
  const lastId = frames.at(-1)?.id ?? 0;

  return (
    <div className="mt-6 grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>{t('messages.websocketTest.connection')}</CardTitle>
          <CardDescription>{t('messages.websocketTest.connectionDescription')}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-wrap items-center gap-4">
          <ConnectionBadge />
          <Button onClick={onPing} disabled={state !== 'connected'}>
            {t('messages.websocketTest.ping')}
          </Button>
          <p className="text-sm text-slate-700" aria-live="polite">
            {pingFailed
              ? t('messages.websocketTest.notConnected')
              : roundTrip !== null
                ? t('messages.websocketTest.roundTrip', { ms: roundTrip })
                : t('messages.websocketTest.noPing')}
          </p>
        </CardContent>
      </Card>

      <Card>
        <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
          <div className="flex flex-col gap-1.5">
            <CardTitle>{t('messages.websocketTest.frames')}</CardTitle>
            <CardDescription>{t('messages.websocketTest.newestFirst')}</CardDescription>
          </div>
          <Button variant="outline" size="sm" onClick={() => setClearedBefore(lastId)} disabled={shown.length === 0}>
            {t('messages.websocketTest.clearLog')}
          </Button>
        </CardHeader>
        <CardContent>
          {shown.length === 0 ? (
            <p className="text-sm text-slate-700">{t('messages.websocketTest.noFrames')}</p>
          ) : (
            <ol aria-label={t('messages.websocketTest.frameLog')} className="grid gap-2">
              {shown.map((frame) => (
                <li key={frame.id} className="rounded-md border border-slate-200 bg-slate-50 p-3 text-sm">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <span className="font-mono font-semibold text-slate-900">{frame.type}</span>
                    <time className="text-xs text-slate-700" dateTime={new Date(frame.receivedAt).toISOString()}>
                      {formatTime(frame.receivedAt)}
                    </time>
                  </div>
                  <pre className="mt-1 overflow-x-auto whitespace-pre-wrap break-all font-mono text-xs text-slate-800">
                    {frame.data === undefined ? t('messages.websocketTest.noData') : JSON.stringify(frame.data)}
                  </pre>
                </li>
              ))}
            </ol>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

/** /websocket-test, a test page: everyone signed in during development, admins only in production. */
export default function WebSocketTestPage() {
  const t = useT();
  usePageTitle(t('messages.websocketTest.title'));
  return (
    <TestPageGate pageName={t('messages.websocketTest.pageName')}>
      {(isProduction) => (
        <div className="mx-auto max-w-4xl px-4 py-10">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('messages.websocketTest.title')}</h1>
          <p className="mt-2 text-slate-700">
            {t('messages.websocketTest.intro')}
            {!isProduction && <> {t('common.testPageGate.openInDevelopment')}</>}
          </p>
          <WebSocketTester />
        </div>
      )}
    </TestPageGate>
  );
}
