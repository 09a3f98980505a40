// Original file: protos/cfs/account/v1/account.proto


export interface ListSitesRequest {
  'customerId'?: (string);
}

export interface ListSitesRequest__Output {
  'customerId': (string);
}
