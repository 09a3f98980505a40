// Original file: protos/cfs/media/v1/media.proto


export interface GetAiImagesStatusRequest {
}

export interface GetAiImagesStatusRequest__Output {
}
