/**
 * A screen's code that could not be fetched: after a deploy the old file names are gone, or the
 * network dropped. Raised where the chunk is imported, so the error screen knows it by its class
 * and offers a reload, instead of guessing from the browser's wording of the failure.
 */
export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super('The code of this screen could not be loaded', { cause });
    this.name = 'ChunkLoadError';
  }
}

/** Runs a dynamic import; a failure comes back as a ChunkLoadError. */
export async function loadChunk<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    throw new ChunkLoadError(error);
  }
}
