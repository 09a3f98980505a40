// Original file: protos/cfs/account/v1/account.proto


export interface GetPlanCatalogRequest {
}

export interface GetPlanCatalogRequest__Output {
}
