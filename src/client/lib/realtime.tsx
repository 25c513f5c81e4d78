/**
 * The live connection: the whole app is wrapped in one realtime connection keyed by the user id
 * (WebSocket /ws, frames `{type, data}`).
 *
 * One socket per tab, opened only while a user is signed in (the server authenticates by the
 * session cookie and refuses a userId that is not the session's). It pings every 30 s and
 * reconnects after any close that is not a normal one (1000) or the end of its session (4401):
 * about 3 s after the first drop, twice as long after each failed try up to 30 s, each wait
 * jittered so that a restarted server is not met by every client at once; and at once
 * when the page becomes visible or the network comes back. Frames refresh TanStack Query data
 * here, once, so features only read their queries; after a reconnect everything frames keep
 * fresh is fetched again, since frames sent while the socket was away are lost. A feature that
 * needs a frame itself subscribes with useRealtimeEvent.
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { currentUserQueryKey, useCurrentUser } from '@/client/lib/current-user';
import { WS_PING_INTERVAL_MS, WS_RECONNECT_DELAY_MS, WS_RECONNECT_MAX_DELAY_MS } from '@/shared/constants';
import {
  SESSION_ENDED_CLOSE_CODE,
  type ClientFrame,
  type ServerEventType,
  type ServerEvents,
  type ServerFrame,
} from '@/shared/realtime-events';

export type ConnectionState = 'connecting' | 'connected' | 'closed' | 'error';

/** A frame as received, with the time it arrived (the test page's log). */
export interface ReceivedFrame {
  id: number;
  type: string;
  data: unknown;
  receivedAt: number;
}

type FrameListener = (frame: ServerFrame) => void;

const NORMAL_CLOSE = 1000;
/** Frames kept for the test page, which usually mounts after connection_established arrived. */
const RECENT_FRAMES_LIMIT = 100;

/**
 * The wait before reconnect try `attempt` (0 = the first after a drop): 3 s doubling to 30 s,
 * each drawn between half and all of that ("equal jitter"), so clients spread out.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(WS_RECONNECT_MAX_DELAY_MS, WS_RECONNECT_DELAY_MS * 2 ** Math.max(0, attempt));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

const isFrame = (value: unknown): value is ServerFrame =>
  !!value && typeof value === 'object' && typeof (value as { type?: unknown }).type === 'string';

/** The socket and its timers, outside React: React only reads its state and subscribes. */
export class RealtimeConnection {
  private socket: WebSocket | null = null;
  private userId: number | null = null;
  private state: ConnectionState = 'closed';
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private recent: ReceivedFrame[] = [];
  private nextFrameId = 1;
  /** Failed tries since the socket was last open (the backoff's exponent). */
  private failedTries = 0;
  /** Whether this user's socket was open before: the next open is a reconnect. */
  private wasOpen = false;
  private readonly stateListeners = new Set<() => void>();
  private readonly frameListeners = new Set<FrameListener>();
  /** Called when the server refused the handshake or could not be reached (a lost session?). */
  onRefused: (() => void) | undefined;
  /** Called when the socket opens again after a drop: what happened meanwhile must be fetched. */
  onReconnected: (() => void) | undefined;

  /** Connects for this user, or disconnects for null (logout). */
  setUser(userId: number | null): void {
    if (userId === this.userId) return;
    this.disconnect();
    this.userId = userId;
    this.recent = [];
    this.failedTries = 0;
    this.wasOpen = false;
    this.emitState();
    if (userId !== null) this.connect();
  }

  /** Sends a client frame; false when the socket is not open. */
  send(frame: ClientFrame): boolean {
    if (this.socket?.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(frame));
    return true;
  }

  /** After the page was hidden (a sleeping laptop, a background tab) or offline, try again straight away. */
  onVisible(): void {
    if (this.userId === null || this.socket) return;
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
    this.connect();
  }

  getState = (): ConnectionState => this.state;
  getRecentFrames = (): ReceivedFrame[] => this.recent;

  subscribeState = (listener: () => void): (() => void) => {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  };

  subscribeFrames = (listener: FrameListener): (() => void) => {
    this.frameListeners.add(listener);
    return () => this.frameListeners.delete(listener);
  };

  /** Closes for good (logout, unmount): a normal close, so nothing reconnects. */
  disconnect(): void {
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
    this.stopPing();
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onopen = socket.onmessage = socket.onerror = socket.onclose = null;
      if (socket.readyState === WebSocket.CONNECTING || socket.readyState === WebSocket.OPEN) socket.close(NORMAL_CLOSE);
    }
    this.setState('closed');
  }

  private connect(): void {
    if (this.userId === null || typeof WebSocket === 'undefined') return;
    const protocol = window.location.protocol === 'https:' ? 'wss' : 'ws';
    const url = `${protocol}://${window.location.host}/ws?userId=${encodeURIComponent(String(this.userId))}`;
    this.setState('connecting');
    let socket: WebSocket;
    try {
      socket = new WebSocket(url);
    } catch (error) {
      console.warn('live connection unavailable', error);
      this.setState('error');
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    let opened = false;
    socket.onopen = () => {
      opened = true;
      this.failedTries = 0;
      this.setState('connected');
      this.startPing();
      if (this.wasOpen) this.onReconnected?.();
      this.wasOpen = true;
    };
    socket.onmessage = (event) => this.receive(event.data);
    socket.onerror = () => this.setState('error');
    socket.onclose = (event) => {
      this.socket = null;
      this.stopPing();
      // An error already said what went wrong; the close that follows it keeps that state.
      if (this.state !== 'error') this.setState('closed');
      // The session ended (logged out elsewhere, a password reset, expiry): ask who is signed in
      // rather than knock again with a cookie that no longer opens anything.
      if (event.code === SESSION_ENDED_CLOSE_CODE) {
        this.onRefused?.();
        return;
      }
      if (!opened) {
        this.failedTries += 1;
        this.onRefused?.();
      }
      if (event.code !== NORMAL_CLOSE) this.scheduleReconnect();
    };
  }

  private scheduleReconnect(): void {
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      if (!this.socket) this.connect();
    }, reconnectDelay(this.failedTries));
  }

  private startPing(): void {
    this.stopPing();
    this.pingTimer = setInterval(() => this.send({ type: 'ping' }), WS_PING_INTERVAL_MS);
  }

  private stopPing(): void {
    clearInterval(this.pingTimer);
    this.pingTimer = undefined;
  }

  private receive(raw: unknown): void {
    if (typeof raw !== 'string') return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      console.warn('ignored a live frame that is not JSON');
      return;
    }
    if (!isFrame(parsed)) return;
    const received: ReceivedFrame = { id: this.nextFrameId++, type: parsed.type, data: parsed.data, receivedAt: Date.now() };
    this.recent = [...this.recent.slice(-(RECENT_FRAMES_LIMIT - 1)), received];
    for (const listener of this.frameListeners) listener(parsed);
    this.emitState();
  }

  private setState(next: ConnectionState): void {
    if (next === this.state) return;
    this.state = next;
    this.emitState();
  }

  private emitState(): void {
    for (const listener of this.stateListeners) listener();
  }
}

const RealtimeContext = createContext<RealtimeConnection | null>(null);

export interface RealtimeProviderProps {
  children: ReactNode;
  /** What a frame refreshes (the app's query data: entities/live-refresh.ts). */
  onFrame(frame: ServerFrame, queryClient: QueryClient): void;
  /** What to fetch again after a reconnect: frames sent while the socket was away are gone. */
  onReconnected(queryClient: QueryClient): void;
}

/** Mounted once in the app layout, inside the QueryClientProvider; the layout says what frames refresh. */
export function RealtimeProvider({ children, onFrame, onReconnected }: RealtimeProviderProps) {
  const [connection] = useState(() => new RealtimeConnection());
  const queryClient = useQueryClient();
  const { data: user } = useCurrentUser();
  const userId = user?.id ?? null;
  const handlers = useRef({ onFrame, onReconnected });
  useEffect(() => {
    handlers.current = { onFrame, onReconnected };
  });

  useEffect(() => connection.subscribeFrames((frame) => handlers.current.onFrame(frame, queryClient)), [connection, queryClient]);

  useEffect(() => {
    connection.onReconnected = () => handlers.current.onReconnected(queryClient);
    return () => {
      connection.onReconnected = undefined;
    };
  }, [connection, queryClient]);

  // A refused handshake may mean the session ended elsewhere: asking who is signed in again
  // stops the retries (userId becomes null) instead of knocking every 3 s forever.
  useEffect(() => {
    connection.onRefused = () => void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    return () => {
      connection.onRefused = undefined;
    };
  }, [connection, queryClient]);

  // Logout (userId null) and leaving the app close the socket with a normal close.
  useEffect(() => {
    connection.setUser(userId);
    return () => connection.setUser(null);
  }, [connection, userId]);

  useEffect(() => {
    const onVisibilityChange = () => {
      if (document.visibilityState === 'visible') connection.onVisible();
    };
    const onOnline = () => connection.onVisible();
    document.addEventListener('visibilitychange', onVisibilityChange);
    window.addEventListener('online', onOnline);
    return () => {
      document.removeEventListener('visibilitychange', onVisibilityChange);
      window.removeEventListener('online', onOnline);
    };
  }, [connection]);

  return <RealtimeContext.Provider value={connection}>{children}</RealtimeContext.Provider>;
}

function useConnection(): RealtimeConnection {
  const connection = useContext(RealtimeContext);
  if (!connection) throw new Error('useRealtime… must be used inside RealtimeProvider');
  return connection;
}

/** connecting, connected, closed or error. */
export function useConnectionState(): ConnectionState {
  const connection = useConnection();
  return useSyncExternalStore(connection.subscribeState, connection.getState, () => 'closed');
}

/** Calls the handler with each frame of this type; the latest handler is used, no resubscription. */
export function useRealtimeEvent<K extends ServerEventType>(type: K, handler: (data: ServerEvents[K]) => void): void {
  const connection = useConnection();
  const handlerRef = useRef(handler);
  useEffect(() => {
    handlerRef.current = handler;
  });
  useEffect(
    () =>
      connection.subscribeFrames((frame) => {
        if (frame.type === type) handlerRef.current(frame.data as ServerEvents[K]);
      }),
    [connection, type],
  );
}

const NO_FRAMES: ReceivedFrame[] = [];

/** The frames received since sign-in, oldest first (at most the last 100). */
export function useRecentFrames(): ReceivedFrame[] {
  const connection = useConnection();
  return useSyncExternalStore(connection.subscribeState, connection.getRecentFrames, () => NO_FRAMES);
}

/** Sends a client frame; answers false when not connected. */
export function useRealtimeSend(): (frame: ClientFrame) => boolean {
  const connection = useConnection();
  return (frame) => connection.send(frame);
}
