// Original file: protos/cfs/feed/v1/feed.proto


export interface Rejection {
  'line'?: (number);
  'reason'?: (string);
}

export interface Rejection__Output {
  'line': (number);
  'reason': (string);
}
