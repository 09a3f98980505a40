import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { AiVariant as _cfs_media_v1_AiVariant, AiVariant__Output as _cfs_media_v1_AiVariant__Output } from './cfs/media/v1/AiVariant.js';
import type { GenerationArticle as _cfs_media_v1_GenerationArticle, GenerationArticle__Output as _cfs_media_v1_GenerationArticle__Output } from './cfs/media/v1/GenerationArticle.js';
import type { GenerationAttempt as _cfs_media_v1_GenerationAttempt, GenerationAttempt__Output as _cfs_media_v1_GenerationAttempt__Output } from './cfs/media/v1/GenerationAttempt.js';
import type { GenerationJob as _cfs_media_v1_GenerationJob, GenerationJob__Output as _cfs_media_v1_GenerationJob__Output } from './cfs/media/v1/GenerationJob.js';
import type { GenerationProfile as _cfs_media_v1_GenerationProfile, GenerationProfile__Output as _cfs_media_v1_GenerationProfile__Output } from './cfs/media/v1/GenerationProfile.js';
import type { GetAiImagesStatusRequest as _cfs_media_v1_GetAiImagesStatusRequest, GetAiImagesStatusRequest__Output as _cfs_media_v1_GetAiImagesStatusRequest__Output } from './cfs/media/v1/GetAiImagesStatusRequest.js';
import type { GetAiImagesStatusResponse as _cfs_media_v1_GetAiImagesStatusResponse, GetAiImagesStatusResponse__Output as _cfs_media_v1_GetAiImagesStatusResponse__Output } from './cfs/media/v1/GetAiImagesStatusResponse.js';
import type { GetAiUsageRequest as _cfs_media_v1_GetAiUsageRequest, GetAiUsageRequest__Output as _cfs_media_v1_GetAiUsageRequest__Output } from './cfs/media/v1/GetAiUsageRequest.js';
import type { GetAiUsageResponse as _cfs_media_v1_GetAiUsageResponse, GetAiUsageResponse__Output as _cfs_media_v1_GetAiUsageResponse__Output } from './cfs/media/v1/GetAiUsageResponse.js';
import type { GetVariantsRequest as _cfs_media_v1_GetVariantsRequest, GetVariantsRequest__Output as _cfs_media_v1_GetVariantsRequest__Output } from './cfs/media/v1/GetVariantsRequest.js';
import type { GetVariantsResponse as _cfs_media_v1_GetVariantsResponse, GetVariantsResponse__Output as _cfs_media_v1_GetVariantsResponse__Output } from './cfs/media/v1/GetVariantsResponse.js';
import type { ListGenerationsRequest as _cfs_media_v1_ListGenerationsRequest, ListGenerationsRequest__Output as _cfs_media_v1_ListGenerationsRequest__Output } from './cfs/media/v1/ListGenerationsRequest.js';
import type { ListGenerationsResponse as _cfs_media_v1_ListGenerationsResponse, ListGenerationsResponse__Output as _cfs_media_v1_ListGenerationsResponse__Output } from './cfs/media/v1/ListGenerationsResponse.js';
import type { MediaAdminServiceClient as _cfs_media_v1_MediaAdminServiceClient, MediaAdminServiceDefinition as _cfs_media_v1_MediaAdminServiceDefinition } from './cfs/media/v1/MediaAdminService.js';
import type { MediaServiceClient as _cfs_media_v1_MediaServiceClient, MediaServiceDefinition as _cfs_media_v1_MediaServiceDefinition } from './cfs/media/v1/MediaService.js';
import type { PutObjectRequest as _cfs_media_v1_PutObjectRequest, PutObjectRequest__Output as _cfs_media_v1_PutObjectRequest__Output } from './cfs/media/v1/PutObjectRequest.js';
import type { PutObjectResponse as _cfs_media_v1_PutObjectResponse, PutObjectResponse__Output as _cfs_media_v1_PutObjectResponse__Output } from './cfs/media/v1/PutObjectResponse.js';
import type { QueueGenerationsRequest as _cfs_media_v1_QueueGenerationsRequest, QueueGenerationsRequest__Output as _cfs_media_v1_QueueGenerationsRequest__Output } from './cfs/media/v1/QueueGenerationsRequest.js';
import type { QueueGenerationsResponse as _cfs_media_v1_QueueGenerationsResponse, QueueGenerationsResponse__Output as _cfs_media_v1_QueueGenerationsResponse__Output } from './cfs/media/v1/QueueGenerationsResponse.js';
import type { RecordAiUsageRequest as _cfs_media_v1_RecordAiUsageRequest, RecordAiUsageRequest__Output as _cfs_media_v1_RecordAiUsageRequest__Output } from './cfs/media/v1/RecordAiUsageRequest.js';
import type { RecordAiUsageResponse as _cfs_media_v1_RecordAiUsageResponse, RecordAiUsageResponse__Output as _cfs_media_v1_RecordAiUsageResponse__Output } from './cfs/media/v1/RecordAiUsageResponse.js';
import type { SetAiImagesStatusRequest as _cfs_media_v1_SetAiImagesStatusRequest, SetAiImagesStatusRequest__Output as _cfs_media_v1_SetAiImagesStatusRequest__Output } from './cfs/media/v1/SetAiImagesStatusRequest.js';
import type { SetAiImagesStatusResponse as _cfs_media_v1_SetAiImagesStatusResponse, SetAiImagesStatusResponse__Output as _cfs_media_v1_SetAiImagesStatusResponse__Output } from './cfs/media/v1/SetAiImagesStatusResponse.js';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  cfs: {
    media: {
      v1: {
        AiVariant: MessageTypeDefinition<_cfs_media_v1_AiVariant, _cfs_media_v1_AiVariant__Output>
        GenerationArticle: MessageTypeDefinition<_cfs_media_v1_GenerationArticle, _cfs_media_v1_GenerationArticle__Output>
        GenerationAttempt: MessageTypeDefinition<_cfs_media_v1_GenerationAttempt, _cfs_media_v1_GenerationAttempt__Output>
        GenerationJob: MessageTypeDefinition<_cfs_media_v1_GenerationJob, _cfs_media_v1_GenerationJob__Output>
        GenerationProfile: MessageTypeDefinition<_cfs_media_v1_GenerationProfile, _cfs_media_v1_GenerationProfile__Output>
        GetAiImagesStatusRequest: MessageTypeDefinition<_cfs_media_v1_GetAiImagesStatusRequest, _cfs_media_v1_GetAiImagesStatusRequest__Output>
        GetAiImagesStatusResponse: MessageTypeDefinition<_cfs_media_v1_GetAiImagesStatusResponse, _cfs_media_v1_GetAiImagesStatusResponse__Output>
        GetAiUsageRequest: MessageTypeDefinition<_cfs_media_v1_GetAiUsageRequest, _cfs_media_v1_GetAiUsageRequest__Output>
        GetAiUsageResponse: MessageTypeDefinition<_cfs_media_v1_GetAiUsageResponse, _cfs_media_v1_GetAiUsageResponse__Output>
        GetVariantsRequest: MessageTypeDefinition<_cfs_media_v1_GetVariantsRequest, _cfs_media_v1_GetVariantsRequest__Output>
        GetVariantsResponse: MessageTypeDefinition<_cfs_media_v1_GetVariantsResponse, _cfs_media_v1_GetVariantsResponse__Output>
        ListGenerationsRequest: MessageTypeDefinition<_cfs_media_v1_ListGenerationsRequest, _cfs_media_v1_ListGenerationsRequest__Output>
        ListGenerationsResponse: MessageTypeDefinition<_cfs_media_v1_ListGenerationsResponse, _cfs_media_v1_ListGenerationsResponse__Output>
        /**
         * Operator and service-to-service calls; never reachable through the gateway (its service token
         * is not admitted to any of these RPCs). Same conventions as MediaService.
         */
        MediaAdminService: SubtypeConstructor<typeof grpc.Client, _cfs_media_v1_MediaAdminServiceClient> & { service: _cfs_media_v1_MediaAdminServiceDefinition }
        /**
         * AI usage of Sites and platform-wide AI image status. Generated media objects themselves are
         * served over the media service's HTTP port, streamed through the gateway.
         * 
         * Conventions: Sites are named by their id (`site_…`) and the media service does not check that a
         * Site exists (the caller resolved it); times are RFC 3339 UTC strings with milliseconds; periods
         * are UTC calendar periods: hour, day or month. Errors carry the public code in the
         * `cfs-error-code` trailer. Every RPC checks its caller's service token first (UNAUTHENTICATED
         * without a known one, PERMISSION_DENIED for a caller not listed for the RPC), and may answer
         * UNAVAILABLE when the database is unreachable or the deadline passed: nothing changed then and a
         * retry is safe.
         */
        MediaService: SubtypeConstructor<typeof grpc.Client, _cfs_media_v1_MediaServiceClient> & { service: _cfs_media_v1_MediaServiceDefinition }
        PutObjectRequest: MessageTypeDefinition<_cfs_media_v1_PutObjectRequest, _cfs_media_v1_PutObjectRequest__Output>
        PutObjectResponse: MessageTypeDefinition<_cfs_media_v1_PutObjectResponse, _cfs_media_v1_PutObjectResponse__Output>
        QueueGenerationsRequest: MessageTypeDefinition<_cfs_media_v1_QueueGenerationsRequest, _cfs_media_v1_QueueGenerationsRequest__Output>
        QueueGenerationsResponse: MessageTypeDefinition<_cfs_media_v1_QueueGenerationsResponse, _cfs_media_v1_QueueGenerationsResponse__Output>
        RecordAiUsageRequest: MessageTypeDefinition<_cfs_media_v1_RecordAiUsageRequest, _cfs_media_v1_RecordAiUsageRequest__Output>
        RecordAiUsageResponse: MessageTypeDefinition<_cfs_media_v1_RecordAiUsageResponse, _cfs_media_v1_RecordAiUsageResponse__Output>
        SetAiImagesStatusRequest: MessageTypeDefinition<_cfs_media_v1_SetAiImagesStatusRequest, _cfs_media_v1_SetAiImagesStatusRequest__Output>
        SetAiImagesStatusResponse: MessageTypeDefinition<_cfs_media_v1_SetAiImagesStatusResponse, _cfs_media_v1_SetAiImagesStatusResponse__Output>
      }
    }
  }
}

