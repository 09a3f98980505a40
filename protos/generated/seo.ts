import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { GetProfileRequest as _cfs_seo_v1_GetProfileRequest, GetProfileRequest__Output as _cfs_seo_v1_GetProfileRequest__Output } from './cfs/seo/v1/GetProfileRequest.js';
import type { GetProfileResponse as _cfs_seo_v1_GetProfileResponse, GetProfileResponse__Output as _cfs_seo_v1_GetProfileResponse__Output } from './cfs/seo/v1/GetProfileResponse.js';
import type { ReplaceProfileRequest as _cfs_seo_v1_ReplaceProfileRequest, ReplaceProfileRequest__Output as _cfs_seo_v1_ReplaceProfileRequest__Output } from './cfs/seo/v1/ReplaceProfileRequest.js';
import type { ReplaceProfileResponse as _cfs_seo_v1_ReplaceProfileResponse, ReplaceProfileResponse__Output as _cfs_seo_v1_ReplaceProfileResponse__Output } from './cfs/seo/v1/ReplaceProfileResponse.js';
import type { SeoProfile as _cfs_seo_v1_SeoProfile, SeoProfile__Output as _cfs_seo_v1_SeoProfile__Output } from './cfs/seo/v1/SeoProfile.js';
import type { SeoServiceClient as _cfs_seo_v1_SeoServiceClient, SeoServiceDefinition as _cfs_seo_v1_SeoServiceDefinition } from './cfs/seo/v1/SeoService.js';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  cfs: {
    seo: {
      v1: {
        GetProfileRequest: MessageTypeDefinition<_cfs_seo_v1_GetProfileRequest, _cfs_seo_v1_GetProfileRequest__Output>
        GetProfileResponse: MessageTypeDefinition<_cfs_seo_v1_GetProfileResponse, _cfs_seo_v1_GetProfileResponse__Output>
        ReplaceProfileRequest: MessageTypeDefinition<_cfs_seo_v1_ReplaceProfileRequest, _cfs_seo_v1_ReplaceProfileRequest__Output>
        ReplaceProfileResponse: MessageTypeDefinition<_cfs_seo_v1_ReplaceProfileResponse, _cfs_seo_v1_ReplaceProfileResponse__Output>
        SeoProfile: MessageTypeDefinition<_cfs_seo_v1_SeoProfile, _cfs_seo_v1_SeoProfile__Output>
        /**
         * SEO personalization profiles of Sites.
         * 
         * Conventions: one profile per Site, named by the Site's id (`site_…`; the seo service does not
         * check that the Site exists, the caller resolved it); times are RFC 3339 UTC strings with
         * milliseconds. Errors carry the public code in the `cfs-error-code` trailer. Every RPC checks its
         * caller's service token first (UNAUTHENTICATED without a known one, PERMISSION_DENIED for a
         * caller not listed for the RPC), and may answer UNAVAILABLE when the database is unreachable or
         * the deadline passed: nothing changed then and a retry is safe.
         */
        SeoService: SubtypeConstructor<typeof grpc.Client, _cfs_seo_v1_SeoServiceClient> & { service: _cfs_seo_v1_SeoServiceDefinition }
      }
    }
  }
}

