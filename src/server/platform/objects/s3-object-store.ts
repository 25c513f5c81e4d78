/** Objects in an S3 bucket (AWS or any S3-compatible server), through the official SDK. */
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { assertSafeKey, type ObjectStore } from './object-store';

export interface S3StoreOptions {
  endpoint: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

export class S3ObjectStore implements ObjectStore {
  readonly kind = 's3' as const;
  private readonly client: S3Client;

  constructor(private readonly options: S3StoreOptions) {
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      // Self-hosted S3 servers (MinIO, s3rver, Ceph) address buckets by path.
      forcePathStyle: !!options.endpoint,
      // A checksum only where S3 requires one: by default a streamed upload is sent aws-chunked
      // with a trailing checksum, which S3-compatible servers (s3rver, older MinIO and Ceph) store
      // as part of the object's bytes.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    });
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    assertSafeKey(key);
    await this.client.send(new PutObjectCommand({ Bucket: this.options.bucket, Key: key, Body: body, ContentType: contentType }));
  }

  async putFile(key: string, file: string, contentType: string): Promise<void> {
    assertSafeKey(key);
    // A stream's length must be told up front: S3 takes no chunked upload of unknown size.
    const { size } = await stat(file);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.options.bucket,
        Key: key,
        Body: createReadStream(file),
        ContentLength: size,
        ContentType: contentType,
      }),
    );
  }

  async get(key: string): Promise<Readable | undefined> {
    assertSafeKey(key);
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.options.bucket, Key: key }));
      return answer.Body as Readable | undefined;
    } catch (error) {
      if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: key }));
  }

  close(): void {
    this.client.destroy();
  }
}
