import type { AppConfig } from '@/server/config';
import { FsObjectStore } from './fs-object-store';
import type { ObjectStore } from './object-store';

/** The S3 driver (and its SDK, a large import) loads only when OBJECT_STORE=s3. */
export async function createObjectStore(config: AppConfig['objectStore']): Promise<ObjectStore> {
  if (config.kind === 'fs') return new FsObjectStore(config.dir);
  const { S3ObjectStore } = await import('./s3-object-store');
  return new S3ObjectStore(config);
}
