// Original file: protos/cfs/identity/v1/identity.proto


/**
 * Revokes one Credential.
 */
export interface RevokeCredentialRequest {
  /**
   * The Credential (`cred_…`).
   */
  'credentialId'?: (string);
  /**
   * The Site it must belong to (`site_…`).
   */
  'siteId'?: (string);
  /**
   * The Customer it must belong to (`cus_…`).
   */
  'customerId'?: (string);
}

/**
 * Revokes one Credential.
 */
export interface RevokeCredentialRequest__Output {
  /**
   * The Credential (`cred_…`).
   */
  'credentialId': (string);
  /**
   * The Site it must belong to (`site_…`).
   */
  'siteId': (string);
  /**
   * The Customer it must belong to (`cus_…`).
   */
  'customerId': (string);
}
