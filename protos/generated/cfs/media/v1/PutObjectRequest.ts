// Original file: protos/cfs/media/v1/media.proto


/**
 * A generated media object to store.
 */
export interface PutObjectRequest {
  /**
   * Its key: 1 to 512 letters, digits and . _ - in /-separated segments, no `.` or `..` segment and
   * no segment that starts with a dot (e.g. `articles/2026/cover.png`). Served at
   * /media/generated/<key>.
   */
  'key'?: (string);
  /**
   * Its media type, type/subtype such as image/png (stored lower-cased).
   */
  'contentType'?: (string);
  /**
   * Its bytes: 1 to MEDIA_MAX_OBJECT_BYTES (10 MiB unless set).
   */
  'data'?: (Buffer | Uint8Array | string);
}

/**
 * A generated media object to store.
 */
export interface PutObjectRequest__Output {
  /**
   * Its key: 1 to 512 letters, digits and . _ - in /-separated segments, no `.` or `..` segment and
   * no segment that starts with a dot (e.g. `articles/2026/cover.png`). Served at
   * /media/generated/<key>.
   */
  'key': (string);
  /**
   * Its media type, type/subtype such as image/png (stored lower-cased).
   */
  'contentType': (string);
  /**
   * Its bytes: 1 to MEDIA_MAX_OBJECT_BYTES (10 MiB unless set).
   */
  'data': (Buffer);
}
