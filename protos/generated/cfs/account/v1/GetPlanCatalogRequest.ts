// Original file: protos/cfs/account/v1/account.proto


/**
 * Asks for the plan catalog; no parameters.
 */
export interface GetPlanCatalogRequest {
}

/**
 * Asks for the plan catalog; no parameters.
 */
export interface GetPlanCatalogRequest__Output {
}
