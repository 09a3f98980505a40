// Original file: protos/cfs/media/v1/media.proto


export interface GetAiUsageRequest {
  'siteId'?: (string);
}

export interface GetAiUsageRequest__Output {
  'siteId': (string);
}
