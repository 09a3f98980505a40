// Original file: protos/cfs/feed/v1/feed.proto


/**
 * Nothing: the changes are noted.
 */
export interface NoteSiteChangesResponse {
}

/**
 * Nothing: the changes are noted.
 */
export interface NoteSiteChangesResponse__Output {
}
