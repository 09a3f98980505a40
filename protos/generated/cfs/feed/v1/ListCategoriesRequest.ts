// Original file: protos/cfs/feed/v1/feed.proto


export interface ListCategoriesRequest {
}

export interface ListCategoriesRequest__Output {
}
