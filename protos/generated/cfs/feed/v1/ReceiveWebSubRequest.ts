// Original file: protos/cfs/feed/v1/feed.proto


/**
 * A hub's content distribution.
 */
export interface ReceiveWebSubRequest {
  /**
   * The Source of the callback (`src_…`).
   */
  'sourceId'?: (string);
  /**
   * The body, exactly as received (the signature covers these bytes).
   */
  'body'?: (Buffer | Uint8Array | string);
  /**
   * The distribution's Content-Type (its charset matters); empty when absent.
   */
  'contentType'?: (string);
  /**
   * X-Hub-Signature (`sha256=<hex>`, `sha1=<hex>`, …); empty when absent.
   */
  'signature'?: (string);
}

/**
 * A hub's content distribution.
 */
export interface ReceiveWebSubRequest__Output {
  /**
   * The Source of the callback (`src_…`).
   */
  'sourceId': (string);
  /**
   * The body, exactly as received (the signature covers these bytes).
   */
  'body': (Buffer);
  /**
   * The distribution's Content-Type (its charset matters); empty when absent.
   */
  'contentType': (string);
  /**
   * X-Hub-Signature (`sha256=<hex>`, `sha1=<hex>`, …); empty when absent.
   */
  'signature': (string);
}
