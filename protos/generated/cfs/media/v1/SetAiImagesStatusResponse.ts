// Original file: protos/cfs/media/v1/media.proto


export interface SetAiImagesStatusResponse {
  'status'?: (string);
  'updatedAt'?: (string);
}

export interface SetAiImagesStatusResponse__Output {
  'status': (string);
  'updatedAt': (string);
}
