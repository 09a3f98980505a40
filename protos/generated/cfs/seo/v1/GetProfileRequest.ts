// Original file: protos/cfs/seo/v1/seo.proto


export interface GetProfileRequest {
  'siteId'?: (string);
}

export interface GetProfileRequest__Output {
  'siteId': (string);
}
