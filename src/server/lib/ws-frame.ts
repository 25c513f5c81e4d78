import type { RawData } from 'ws';

/** A WebSocket frame's text, whichever form `ws` hands it in (a Buffer, fragments, an ArrayBuffer). */
export function frameText(raw: RawData): string {
  if (Array.isArray(raw)) return Buffer.concat(raw).toString('utf8');
  return Buffer.isBuffer(raw) ? raw.toString('utf8') : Buffer.from(raw).toString('utf8');
}
