// Original file: protos/cfs/media/v1/media.proto


/**
 * Asks for the AI image status; no parameters.
 */
export interface GetAiImagesStatusRequest {
}

/**
 * Asks for the AI image status; no parameters.
 */
export interface GetAiImagesStatusRequest__Output {
}
