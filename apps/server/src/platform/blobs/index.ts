import path from 'node:path';
import type { Config } from '../../config';
import type { Logger } from '../logger';
import { FilesystemBlobs } from './filesystem';
import { S3Blobs } from './s3';
import type { Blobs } from './types';

export type { BlobObject, Blobs } from './types';
export { FilesystemBlobs } from './filesystem';
export { S3Blobs, type S3BlobsOptions } from './s3';

type BlobsConfig = Pick<
  Config,
  | 'DATA_DIR'
  | 'S3_BUCKET'
  | 'S3_REGION'
  | 'S3_ENDPOINT'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
  | 'S3_FORCE_PATH_STYLE'
>;

/** S3 when `S3_BUCKET` is set, so every instance sees the same files; otherwise files under `DATA_DIR/blobs`. */
export function createBlobs(config: BlobsConfig, logger: Logger): Blobs {
  if (config.S3_BUCKET) {
    logger.debug({ bucket: config.S3_BUCKET, endpoint: config.S3_ENDPOINT }, 'blobs: s3');
    return new S3Blobs({
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
    });
  }
  return new FilesystemBlobs(path.join(config.DATA_DIR, 'blobs'));
}
