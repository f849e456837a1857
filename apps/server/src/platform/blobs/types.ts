/** Stored files: uploads, context sources, built bundles (architecture §2). */
export interface BlobObject {
  body: Buffer;
  contentType?: string;
}

export interface Blobs {
  readonly kind: 'filesystem' | 's3';
  /**
   * Keys are `/`-separated paths: no empty, `.` or `..` segment, no leading `/`, no backslash, no NUL; anything
   * else throws. Without a content type the blob is `application/octet-stream`.
   */
  put(key: string, body: Uint8Array | string, opts?: { contentType?: string }): Promise<void>;
  get(key: string): Promise<BlobObject | null>;
  /** Deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Every key that starts with `prefix` (a plain string prefix, `''` for all), sorted. */
  list(prefix: string): Promise<string[]>;
  /** Releases connections. */
  close(): Promise<void>;
}
