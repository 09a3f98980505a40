// Original file: protos/cfs/identity/v1/identity.proto


/**
 * Invites a person.
 */
export interface InviteUserRequest {
  /**
   * The Customer (`cus_…`); identity does not check that it exists: the caller resolved it.
   */
  'customerId'?: (string);
  /**
   * The e-mail to invite (trimmed, compared without case).
   */
  'email'?: (string);
}

/**
 * Invites a person.
 */
export interface InviteUserRequest__Output {
  /**
   * The Customer (`cus_…`); identity does not check that it exists: the caller resolved it.
   */
  'customerId': (string);
  /**
   * The e-mail to invite (trimmed, compared without case).
   */
  'email': (string);
}
