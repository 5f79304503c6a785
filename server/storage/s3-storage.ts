// The S3 driver: each file is an object of one bucket on any S3-compatible store (AWS S3,
// MinIO, Ceph, R2...), through the AWS SDK v3 (docs/decisions/048-file-storage-drivers.md).
import type * as S3Sdk from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';
import type { S3Settings } from '../config';
import { assertKey, contentTypeOf, type FileStorage } from './file-storage';

// Loaded on first use: a shop on another driver never loads the SDK (memory, start time).
type Sdk = typeof S3Sdk;

export function createS3Storage(settings: S3Settings): FileStorage {
  let connected: Promise<{ sdk: Sdk; client: S3Client }> | undefined;
  const connect = () =>
    (connected ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        endpoint: settings.endpoint,
        region: settings.region,
        forcePathStyle: settings.forcePathStyle,
        credentials: settings.credentials,
        // The shop sends whole small files: no chunked checksums some S3-compatible stores refuse.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    })));
  const Bucket = settings.bucket;

  async function* listed(prefix?: string): AsyncIterable<string> {
    const { sdk, client } = await connect();
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(new sdk.ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }));
      for (const object of page.Contents ?? []) if (object.Key) yield object.Key;
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  return {
    driver: 's3',
    async put(key, bytes) {
      const { sdk, client } = await connect();
      await client.send(new sdk.PutObjectCommand({ Bucket, Key: assertKey(key), Body: bytes, ContentType: contentTypeOf(key), ContentLength: bytes.length }));
    },
    async get(key) {
      const { sdk, client } = await connect();
      try {
        const object = await client.send(new sdk.GetObjectCommand({ Bucket, Key: assertKey(key) }));
        const bytes = Buffer.from(await object.Body!.transformToByteArray());
        return { bytes, contentType: contentTypeOf(key) };
      } catch (error) {
        if (error instanceof sdk.NoSuchKey || (error instanceof sdk.S3ServiceException && error.$metadata.httpStatusCode === 404)) return null;
        throw error;
      }
    },
    async delete(key) {
      const { sdk, client } = await connect();
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: assertKey(key) }));
    },
    async deleteFolder(prefix) {
      const keys: string[] = [];
      for await (const key of listed(`${assertKey(prefix)}/`)) keys.push(key);
      const { sdk, client } = await connect();
      for (let i = 0; i < keys.length; i += 1000) {
        await client.send(new sdk.DeleteObjectsCommand({ Bucket, Delete: { Objects: keys.slice(i, i + 1000).map((Key) => ({ Key })), Quiet: true } }));
      }
    },
    keys: () => listed(),
  };
}
