// Original file: protos/cfs/feed/v1/feed.proto


/**
 * Asks for the taxonomy; no parameters.
 */
export interface ListCategoriesRequest {
}

/**
 * Asks for the taxonomy; no parameters.
 */
export interface ListCategoriesRequest__Output {
}
