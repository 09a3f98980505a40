// Original file: protos/cfs/media/v1/media.proto


export interface GetAiImagesStatusResponse {
  'status'?: (string);
  'updatedAt'?: (string);
}

export interface GetAiImagesStatusResponse__Output {
  'status': (string);
  'updatedAt': (string);
}
