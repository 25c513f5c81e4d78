import { describe, expect, it } from 'vitest';
import { ChunkLoadError, loadChunk } from './chunk-load-error';

describe('loadChunk', () => {
  it('answers the module when the import succeeds', async () => {
    await expect(loadChunk(async () => ({ default: 1 }))).resolves.toEqual({ default: 1 });
  });

  it('turns a failed import into a ChunkLoadError that keeps the cause', async () => {
    const failure = new TypeError('Failed to fetch dynamically imported module: /assets/x.js');
    const error = await loadChunk(() => Promise.reject(failure)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as ChunkLoadError).cause).toBe(failure);
  });
});
