// Original file: protos/cfs/feed/v1/feed.proto


export interface Topic {
  'key'?: (string);
  'name'?: (string);
}

export interface Topic__Output {
  'key': (string);
  'name': (string);
}
