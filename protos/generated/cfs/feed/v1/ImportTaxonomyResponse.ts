// Original file: protos/cfs/feed/v1/feed.proto


export interface ImportTaxonomyResponse {
  'created'?: (number);
  'updated'?: (number);
}

export interface ImportTaxonomyResponse__Output {
  'created': (number);
  'updated': (number);
}
