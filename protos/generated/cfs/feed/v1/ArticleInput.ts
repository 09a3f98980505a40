// Original file: protos/cfs/feed/v1/feed.proto


export interface ArticleInput {
  'line'?: (number);
  'id'?: (string);
  'title'?: (string);
  'url'?: (string);
  'summary'?: (string);
  'publishedAt'?: (string);
  'categories'?: (string)[];
  'imageKey'?: (string);
  'json'?: (string);
  '_id'?: "id";
  '_summary'?: "summary";
  '_imageKey'?: "imageKey";
}

export interface ArticleInput__Output {
  'line': (number);
  'id'?: (string);
  'title': (string);
  'url': (string);
  'summary'?: (string);
  'publishedAt': (string);
  'categories': (string)[];
  'imageKey'?: (string);
  'json': (string);
  '_id'?: "id";
  '_summary'?: "summary";
  '_imageKey'?: "imageKey";
}
