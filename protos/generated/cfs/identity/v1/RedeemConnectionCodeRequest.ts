// Original file: protos/cfs/identity/v1/identity.proto


/**
 * Redeems a connection code.
 */
export interface RedeemConnectionCodeRequest {
  /**
   * The code as the connector sent it (`cfc_…`).
   */
  'code'?: (string);
}

/**
 * Redeems a connection code.
 */
export interface RedeemConnectionCodeRequest__Output {
  /**
   * The code as the connector sent it (`cfc_…`).
   */
  'code': (string);
}
