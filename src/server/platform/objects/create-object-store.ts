import type { AppConfig } from '@/server/config';
import { FsObjectStore } from './fs-object-store';
import type { ObjectStore } from './object-store';
import { S3ObjectStore } from './s3-object-store';

export function createObjectStore(config: AppConfig['objectStore']): ObjectStore {
  return config.kind === 's3' ? new S3ObjectStore(config) : new FsObjectStore(config.dir);
}
