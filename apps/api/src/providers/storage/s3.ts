import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { assertStorageKey } from './key';
import type { StorageProvider } from './types';

export type S3StorageOptions = {
  bucket: string;
  region: string;
  /** Unset → AWS itself; set → an S3-compatible service (MinIO, Ceph, R2, ...). */
  endpoint: string | undefined;
  /** `endpoint/bucket/key` rather than `bucket.endpoint/key`: what most S3-compatible stores need. */
  forcePathStyle: boolean;
  /** Unset → the SDK's default chain (AWS_* variables, instance or task role, ...). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
};

/** S3 answers 404 NoSuchKey (GET) or NotFound (HEAD) for a key that is not there. */
function isNotFound(error: unknown): boolean {
  // A missing bucket is a misconfiguration, not a missing object.
  if (!(error instanceof S3ServiceException) || error.name === 'NoSuchBucket') return false;
  return (
    error.name === 'NoSuchKey' ||
    error.name === 'NotFound' ||
    error.$metadata.httpStatusCode === 404
  );
}

/**
 * Objects in one bucket of S3 or an S3-compatible store. The bucket must exist: the app never
 * creates buckets. Without `s3:ListBucket` S3 answers 403 rather than 404 for a missing key, so
 * give the app's credentials that permission on the bucket.
 */
export function createS3Storage(options: S3StorageOptions): StorageProvider {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: options.credentials,
    // The SDK's default CRC32 checksums on every request are refused by some S3-compatible
    // stores; send them only where S3 requires them.
    requestChecksumCalculation: options.endpoint ? 'WHEN_REQUIRED' : 'WHEN_SUPPORTED',
    responseChecksumValidation: options.endpoint ? 'WHEN_REQUIRED' : 'WHEN_SUPPORTED',
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
  });
  const Bucket = options.bucket;
  const objectKey = (key: string) => {
    assertStorageKey(key);
    return key;
  };
  return {
    adapter: 's3',
    async put(key, bytes, { contentType }) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: objectKey(key),
          Body: bytes,
          ContentType: contentType,
          ContentLength: bytes.byteLength,
        }),
      );
    },
    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key) }));
        if (!object.Body) return Buffer.alloc(0);
        const bytes = await object.Body.transformToByteArray();
        return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: objectKey(key) }));
        return true;
      } catch (error) {
        if (isNotFound(error)) return false;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },
  };
}
