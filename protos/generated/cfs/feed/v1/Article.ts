// Original file: protos/cfs/feed/v1/feed.proto


export interface Article {
  'id'?: (string);
  'title'?: (string);
  'url'?: (string);
  'summary'?: (string);
  'publishedAt'?: (string);
  'categories'?: (string)[];
  'imageKey'?: (string);
  '_summary'?: "summary";
  '_imageKey'?: "imageKey";
}

export interface Article__Output {
  'id': (string);
  'title': (string);
  'url': (string);
  'summary'?: (string);
  'publishedAt': (string);
  'categories': (string)[];
  'imageKey'?: (string);
  '_summary'?: "summary";
  '_imageKey'?: "imageKey";
}
