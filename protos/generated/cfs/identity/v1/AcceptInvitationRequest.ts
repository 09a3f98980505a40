// Original file: protos/cfs/identity/v1/identity.proto


/**
 * Accepts an invitation.
 */
export interface AcceptInvitationRequest {
  /**
   * The token from the invitation link (`cfi_…`).
   */
  'invitationToken'?: (string);
  /**
   * The password to set: 12 to 256 characters (Unicode code points).
   */
  'password'?: (string);
}

/**
 * Accepts an invitation.
 */
export interface AcceptInvitationRequest__Output {
  /**
   * The token from the invitation link (`cfi_…`).
   */
  'invitationToken': (string);
  /**
   * The password to set: 12 to 256 characters (Unicode code points).
   */
  'password': (string);
}
