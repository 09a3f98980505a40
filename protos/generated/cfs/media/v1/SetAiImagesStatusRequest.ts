// Original file: protos/cfs/media/v1/media.proto


export interface SetAiImagesStatusRequest {
  'status'?: (string);
}

export interface SetAiImagesStatusRequest__Output {
  'status': (string);
}
