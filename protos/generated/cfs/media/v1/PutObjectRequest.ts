// Original file: protos/cfs/media/v1/media.proto


export interface PutObjectRequest {
  'key'?: (string);
  'contentType'?: (string);
  'data'?: (Buffer | Uint8Array | string);
}

export interface PutObjectRequest__Output {
  'key': (string);
  'contentType': (string);
  'data': (Buffer);
}
