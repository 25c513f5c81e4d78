/**
 * Reads shared by the parts of one page. A rendered page is built by parts that run side by side
 * and know nothing of each other — its head (title, description, JSON-LD) and its screen (through
 * the API, in-process) — and both read the company it shows; within one page the row is read
 * once and both get it. Outside a page every call reads, as before.
 *
 * Only a page's reads run in such a scope, and a page only reads (its API calls are GETs), so
 * nothing it shares can have changed under it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const pageReads = new AsyncLocalStorage<Map<string, Promise<unknown>>>();

/** Runs `build` with reads that name the same key answered by one read. */
export function withSharedReads<T>(build: () => Promise<T>): Promise<T> {
  return pageReads.run(new Map(), build);
}

/** `read()`, or within a page the answer of the first read under the same key. */
export function sharedRead<T>(key: string, read: () => Promise<T>): Promise<T> {
  const reads = pageReads.getStore();
  if (!reads) return read();
  let answer = reads.get(key) as Promise<T> | undefined;
  if (!answer) {
    answer = read();
    reads.set(key, answer);
  }
  return answer;
}
