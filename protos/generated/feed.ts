import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { AddSourceRequest as _cfs_feed_v1_AddSourceRequest, AddSourceRequest__Output as _cfs_feed_v1_AddSourceRequest__Output } from './cfs/feed/v1/AddSourceRequest.js';
import type { AddSourceResponse as _cfs_feed_v1_AddSourceResponse, AddSourceResponse__Output as _cfs_feed_v1_AddSourceResponse__Output } from './cfs/feed/v1/AddSourceResponse.js';
import type { Article as _cfs_feed_v1_Article, Article__Output as _cfs_feed_v1_Article__Output } from './cfs/feed/v1/Article.js';
import type { ArticleChangePosition as _cfs_feed_v1_ArticleChangePosition, ArticleChangePosition__Output as _cfs_feed_v1_ArticleChangePosition__Output } from './cfs/feed/v1/ArticleChangePosition.js';
import type { ArticleInput as _cfs_feed_v1_ArticleInput, ArticleInput__Output as _cfs_feed_v1_ArticleInput__Output } from './cfs/feed/v1/ArticleInput.js';
import type { Category as _cfs_feed_v1_Category, Category__Output as _cfs_feed_v1_Category__Output } from './cfs/feed/v1/Category.js';
import type { CategoryKeys as _cfs_feed_v1_CategoryKeys, CategoryKeys__Output as _cfs_feed_v1_CategoryKeys__Output } from './cfs/feed/v1/CategoryKeys.js';
import type { ChangesPosition as _cfs_feed_v1_ChangesPosition, ChangesPosition__Output as _cfs_feed_v1_ChangesPosition__Output } from './cfs/feed/v1/ChangesPosition.js';
import type { ChangesWalk as _cfs_feed_v1_ChangesWalk, ChangesWalk__Output as _cfs_feed_v1_ChangesWalk__Output } from './cfs/feed/v1/ChangesWalk.js';
import type { FeedAdminServiceClient as _cfs_feed_v1_FeedAdminServiceClient, FeedAdminServiceDefinition as _cfs_feed_v1_FeedAdminServiceDefinition } from './cfs/feed/v1/FeedAdminService.js';
import type { FeedChange as _cfs_feed_v1_FeedChange, FeedChange__Output as _cfs_feed_v1_FeedChange__Output } from './cfs/feed/v1/FeedChange.js';
import type { FeedCursor as _cfs_feed_v1_FeedCursor, FeedCursor__Output as _cfs_feed_v1_FeedCursor__Output } from './cfs/feed/v1/FeedCursor.js';
import type { FeedServiceClient as _cfs_feed_v1_FeedServiceClient, FeedServiceDefinition as _cfs_feed_v1_FeedServiceDefinition } from './cfs/feed/v1/FeedService.js';
import type { FetchReport as _cfs_feed_v1_FetchReport, FetchReport__Output as _cfs_feed_v1_FetchReport__Output } from './cfs/feed/v1/FetchReport.js';
import type { FetchSourceRequest as _cfs_feed_v1_FetchSourceRequest, FetchSourceRequest__Output as _cfs_feed_v1_FetchSourceRequest__Output } from './cfs/feed/v1/FetchSourceRequest.js';
import type { FetchSourceResponse as _cfs_feed_v1_FetchSourceResponse, FetchSourceResponse__Output as _cfs_feed_v1_FetchSourceResponse__Output } from './cfs/feed/v1/FetchSourceResponse.js';
import type { GetArticlesRequest as _cfs_feed_v1_GetArticlesRequest, GetArticlesRequest__Output as _cfs_feed_v1_GetArticlesRequest__Output } from './cfs/feed/v1/GetArticlesRequest.js';
import type { GetArticlesResponse as _cfs_feed_v1_GetArticlesResponse, GetArticlesResponse__Output as _cfs_feed_v1_GetArticlesResponse__Output } from './cfs/feed/v1/GetArticlesResponse.js';
import type { GetChangesRequest as _cfs_feed_v1_GetChangesRequest, GetChangesRequest__Output as _cfs_feed_v1_GetChangesRequest__Output } from './cfs/feed/v1/GetChangesRequest.js';
import type { GetChangesResponse as _cfs_feed_v1_GetChangesResponse, GetChangesResponse__Output as _cfs_feed_v1_GetChangesResponse__Output } from './cfs/feed/v1/GetChangesResponse.js';
import type { GetFeedPageRequest as _cfs_feed_v1_GetFeedPageRequest, GetFeedPageRequest__Output as _cfs_feed_v1_GetFeedPageRequest__Output } from './cfs/feed/v1/GetFeedPageRequest.js';
import type { GetFeedPageResponse as _cfs_feed_v1_GetFeedPageResponse, GetFeedPageResponse__Output as _cfs_feed_v1_GetFeedPageResponse__Output } from './cfs/feed/v1/GetFeedPageResponse.js';
import type { GetSourceRequest as _cfs_feed_v1_GetSourceRequest, GetSourceRequest__Output as _cfs_feed_v1_GetSourceRequest__Output } from './cfs/feed/v1/GetSourceRequest.js';
import type { GetSourceResponse as _cfs_feed_v1_GetSourceResponse, GetSourceResponse__Output as _cfs_feed_v1_GetSourceResponse__Output } from './cfs/feed/v1/GetSourceResponse.js';
import type { GetSubscriptionsRequest as _cfs_feed_v1_GetSubscriptionsRequest, GetSubscriptionsRequest__Output as _cfs_feed_v1_GetSubscriptionsRequest__Output } from './cfs/feed/v1/GetSubscriptionsRequest.js';
import type { GetSubscriptionsResponse as _cfs_feed_v1_GetSubscriptionsResponse, GetSubscriptionsResponse__Output as _cfs_feed_v1_GetSubscriptionsResponse__Output } from './cfs/feed/v1/GetSubscriptionsResponse.js';
import type { ImportArticlesRequest as _cfs_feed_v1_ImportArticlesRequest, ImportArticlesRequest__Output as _cfs_feed_v1_ImportArticlesRequest__Output } from './cfs/feed/v1/ImportArticlesRequest.js';
import type { ImportArticlesResponse as _cfs_feed_v1_ImportArticlesResponse, ImportArticlesResponse__Output as _cfs_feed_v1_ImportArticlesResponse__Output } from './cfs/feed/v1/ImportArticlesResponse.js';
import type { ImportTaxonomyRequest as _cfs_feed_v1_ImportTaxonomyRequest, ImportTaxonomyRequest__Output as _cfs_feed_v1_ImportTaxonomyRequest__Output } from './cfs/feed/v1/ImportTaxonomyRequest.js';
import type { ImportTaxonomyResponse as _cfs_feed_v1_ImportTaxonomyResponse, ImportTaxonomyResponse__Output as _cfs_feed_v1_ImportTaxonomyResponse__Output } from './cfs/feed/v1/ImportTaxonomyResponse.js';
import type { ListArticleChangesRequest as _cfs_feed_v1_ListArticleChangesRequest, ListArticleChangesRequest__Output as _cfs_feed_v1_ListArticleChangesRequest__Output } from './cfs/feed/v1/ListArticleChangesRequest.js';
import type { ListArticleChangesResponse as _cfs_feed_v1_ListArticleChangesResponse, ListArticleChangesResponse__Output as _cfs_feed_v1_ListArticleChangesResponse__Output } from './cfs/feed/v1/ListArticleChangesResponse.js';
import type { ListCategoriesRequest as _cfs_feed_v1_ListCategoriesRequest, ListCategoriesRequest__Output as _cfs_feed_v1_ListCategoriesRequest__Output } from './cfs/feed/v1/ListCategoriesRequest.js';
import type { ListCategoriesResponse as _cfs_feed_v1_ListCategoriesResponse, ListCategoriesResponse__Output as _cfs_feed_v1_ListCategoriesResponse__Output } from './cfs/feed/v1/ListCategoriesResponse.js';
import type { ListSourcesRequest as _cfs_feed_v1_ListSourcesRequest, ListSourcesRequest__Output as _cfs_feed_v1_ListSourcesRequest__Output } from './cfs/feed/v1/ListSourcesRequest.js';
import type { ListSourcesResponse as _cfs_feed_v1_ListSourcesResponse, ListSourcesResponse__Output as _cfs_feed_v1_ListSourcesResponse__Output } from './cfs/feed/v1/ListSourcesResponse.js';
import type { NoteSiteChangesRequest as _cfs_feed_v1_NoteSiteChangesRequest, NoteSiteChangesRequest__Output as _cfs_feed_v1_NoteSiteChangesRequest__Output } from './cfs/feed/v1/NoteSiteChangesRequest.js';
import type { NoteSiteChangesResponse as _cfs_feed_v1_NoteSiteChangesResponse, NoteSiteChangesResponse__Output as _cfs_feed_v1_NoteSiteChangesResponse__Output } from './cfs/feed/v1/NoteSiteChangesResponse.js';
import type { PauseSourceRequest as _cfs_feed_v1_PauseSourceRequest, PauseSourceRequest__Output as _cfs_feed_v1_PauseSourceRequest__Output } from './cfs/feed/v1/PauseSourceRequest.js';
import type { PauseSourceResponse as _cfs_feed_v1_PauseSourceResponse, PauseSourceResponse__Output as _cfs_feed_v1_PauseSourceResponse__Output } from './cfs/feed/v1/PauseSourceResponse.js';
import type { ReceiveWebSubRequest as _cfs_feed_v1_ReceiveWebSubRequest, ReceiveWebSubRequest__Output as _cfs_feed_v1_ReceiveWebSubRequest__Output } from './cfs/feed/v1/ReceiveWebSubRequest.js';
import type { ReceiveWebSubResponse as _cfs_feed_v1_ReceiveWebSubResponse, ReceiveWebSubResponse__Output as _cfs_feed_v1_ReceiveWebSubResponse__Output } from './cfs/feed/v1/ReceiveWebSubResponse.js';
import type { RejectedItem as _cfs_feed_v1_RejectedItem, RejectedItem__Output as _cfs_feed_v1_RejectedItem__Output } from './cfs/feed/v1/RejectedItem.js';
import type { Rejection as _cfs_feed_v1_Rejection, Rejection__Output as _cfs_feed_v1_Rejection__Output } from './cfs/feed/v1/Rejection.js';
import type { RemoveArticlesRequest as _cfs_feed_v1_RemoveArticlesRequest, RemoveArticlesRequest__Output as _cfs_feed_v1_RemoveArticlesRequest__Output } from './cfs/feed/v1/RemoveArticlesRequest.js';
import type { RemoveArticlesResponse as _cfs_feed_v1_RemoveArticlesResponse, RemoveArticlesResponse__Output as _cfs_feed_v1_RemoveArticlesResponse__Output } from './cfs/feed/v1/RemoveArticlesResponse.js';
import type { RemoveSourceRequest as _cfs_feed_v1_RemoveSourceRequest, RemoveSourceRequest__Output as _cfs_feed_v1_RemoveSourceRequest__Output } from './cfs/feed/v1/RemoveSourceRequest.js';
import type { RemoveSourceResponse as _cfs_feed_v1_RemoveSourceResponse, RemoveSourceResponse__Output as _cfs_feed_v1_RemoveSourceResponse__Output } from './cfs/feed/v1/RemoveSourceResponse.js';
import type { ReplaceSubscriptionsRequest as _cfs_feed_v1_ReplaceSubscriptionsRequest, ReplaceSubscriptionsRequest__Output as _cfs_feed_v1_ReplaceSubscriptionsRequest__Output } from './cfs/feed/v1/ReplaceSubscriptionsRequest.js';
import type { ReplaceSubscriptionsResponse as _cfs_feed_v1_ReplaceSubscriptionsResponse, ReplaceSubscriptionsResponse__Output as _cfs_feed_v1_ReplaceSubscriptionsResponse__Output } from './cfs/feed/v1/ReplaceSubscriptionsResponse.js';
import type { ResumeSourceRequest as _cfs_feed_v1_ResumeSourceRequest, ResumeSourceRequest__Output as _cfs_feed_v1_ResumeSourceRequest__Output } from './cfs/feed/v1/ResumeSourceRequest.js';
import type { ResumeSourceResponse as _cfs_feed_v1_ResumeSourceResponse, ResumeSourceResponse__Output as _cfs_feed_v1_ResumeSourceResponse__Output } from './cfs/feed/v1/ResumeSourceResponse.js';
import type { Source as _cfs_feed_v1_Source, Source__Output as _cfs_feed_v1_Source__Output } from './cfs/feed/v1/Source.js';
import type { SourceError as _cfs_feed_v1_SourceError, SourceError__Output as _cfs_feed_v1_SourceError__Output } from './cfs/feed/v1/SourceError.js';
import type { Topic as _cfs_feed_v1_Topic, Topic__Output as _cfs_feed_v1_Topic__Output } from './cfs/feed/v1/Topic.js';
import type { VerifyWebSubRequest as _cfs_feed_v1_VerifyWebSubRequest, VerifyWebSubRequest__Output as _cfs_feed_v1_VerifyWebSubRequest__Output } from './cfs/feed/v1/VerifyWebSubRequest.js';
import type { VerifyWebSubResponse as _cfs_feed_v1_VerifyWebSubResponse, VerifyWebSubResponse__Output as _cfs_feed_v1_VerifyWebSubResponse__Output } from './cfs/feed/v1/VerifyWebSubResponse.js';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  cfs: {
    feed: {
      v1: {
        AddSourceRequest: MessageTypeDefinition<_cfs_feed_v1_AddSourceRequest, _cfs_feed_v1_AddSourceRequest__Output>
        AddSourceResponse: MessageTypeDefinition<_cfs_feed_v1_AddSourceResponse, _cfs_feed_v1_AddSourceResponse__Output>
        Article: MessageTypeDefinition<_cfs_feed_v1_Article, _cfs_feed_v1_Article__Output>
        ArticleChangePosition: MessageTypeDefinition<_cfs_feed_v1_ArticleChangePosition, _cfs_feed_v1_ArticleChangePosition__Output>
        ArticleInput: MessageTypeDefinition<_cfs_feed_v1_ArticleInput, _cfs_feed_v1_ArticleInput__Output>
        Category: MessageTypeDefinition<_cfs_feed_v1_Category, _cfs_feed_v1_Category__Output>
        CategoryKeys: MessageTypeDefinition<_cfs_feed_v1_CategoryKeys, _cfs_feed_v1_CategoryKeys__Output>
        ChangesPosition: MessageTypeDefinition<_cfs_feed_v1_ChangesPosition, _cfs_feed_v1_ChangesPosition__Output>
        ChangesWalk: MessageTypeDefinition<_cfs_feed_v1_ChangesWalk, _cfs_feed_v1_ChangesWalk__Output>
        /**
         * Operator calls; never reachable through the gateway (its service token is not admitted to any
         * of these RPCs). Same conventions as FeedService.
         */
        FeedAdminService: SubtypeConstructor<typeof grpc.Client, _cfs_feed_v1_FeedAdminServiceClient> & { service: _cfs_feed_v1_FeedAdminServiceDefinition }
        FeedChange: MessageTypeDefinition<_cfs_feed_v1_FeedChange, _cfs_feed_v1_FeedChange__Output>
        FeedCursor: MessageTypeDefinition<_cfs_feed_v1_FeedCursor, _cfs_feed_v1_FeedCursor__Output>
        /**
         * Taxonomy, Site subscriptions and the article feed.
         * 
         * Conventions: Sites are named by their id (`site_…`) and the feed service does not check that a
         * Site exists (the caller resolved it); categories and topics by their key (lower-case letters,
         * digits, - and _, at most 64 characters); times are RFC 3339 UTC strings with milliseconds.
         * Errors carry the public code in the `cfs-error-code` trailer. Every RPC checks its caller's
         * service token first (UNAUTHENTICATED without a known one, PERMISSION_DENIED for a caller not
         * listed for the RPC), and may answer UNAVAILABLE when the database is unreachable or the
         * deadline passed: nothing changed then and a retry is safe.
         */
        FeedService: SubtypeConstructor<typeof grpc.Client, _cfs_feed_v1_FeedServiceClient> & { service: _cfs_feed_v1_FeedServiceDefinition }
        FetchReport: MessageTypeDefinition<_cfs_feed_v1_FetchReport, _cfs_feed_v1_FetchReport__Output>
        FetchSourceRequest: MessageTypeDefinition<_cfs_feed_v1_FetchSourceRequest, _cfs_feed_v1_FetchSourceRequest__Output>
        FetchSourceResponse: MessageTypeDefinition<_cfs_feed_v1_FetchSourceResponse, _cfs_feed_v1_FetchSourceResponse__Output>
        GetArticlesRequest: MessageTypeDefinition<_cfs_feed_v1_GetArticlesRequest, _cfs_feed_v1_GetArticlesRequest__Output>
        GetArticlesResponse: MessageTypeDefinition<_cfs_feed_v1_GetArticlesResponse, _cfs_feed_v1_GetArticlesResponse__Output>
        GetChangesRequest: MessageTypeDefinition<_cfs_feed_v1_GetChangesRequest, _cfs_feed_v1_GetChangesRequest__Output>
        GetChangesResponse: MessageTypeDefinition<_cfs_feed_v1_GetChangesResponse, _cfs_feed_v1_GetChangesResponse__Output>
        GetFeedPageRequest: MessageTypeDefinition<_cfs_feed_v1_GetFeedPageRequest, _cfs_feed_v1_GetFeedPageRequest__Output>
        GetFeedPageResponse: MessageTypeDefinition<_cfs_feed_v1_GetFeedPageResponse, _cfs_feed_v1_GetFeedPageResponse__Output>
        GetSourceRequest: MessageTypeDefinition<_cfs_feed_v1_GetSourceRequest, _cfs_feed_v1_GetSourceRequest__Output>
        GetSourceResponse: MessageTypeDefinition<_cfs_feed_v1_GetSourceResponse, _cfs_feed_v1_GetSourceResponse__Output>
        GetSubscriptionsRequest: MessageTypeDefinition<_cfs_feed_v1_GetSubscriptionsRequest, _cfs_feed_v1_GetSubscriptionsRequest__Output>
        GetSubscriptionsResponse: MessageTypeDefinition<_cfs_feed_v1_GetSubscriptionsResponse, _cfs_feed_v1_GetSubscriptionsResponse__Output>
        ImportArticlesRequest: MessageTypeDefinition<_cfs_feed_v1_ImportArticlesRequest, _cfs_feed_v1_ImportArticlesRequest__Output>
        ImportArticlesResponse: MessageTypeDefinition<_cfs_feed_v1_ImportArticlesResponse, _cfs_feed_v1_ImportArticlesResponse__Output>
        ImportTaxonomyRequest: MessageTypeDefinition<_cfs_feed_v1_ImportTaxonomyRequest, _cfs_feed_v1_ImportTaxonomyRequest__Output>
        ImportTaxonomyResponse: MessageTypeDefinition<_cfs_feed_v1_ImportTaxonomyResponse, _cfs_feed_v1_ImportTaxonomyResponse__Output>
        ListArticleChangesRequest: MessageTypeDefinition<_cfs_feed_v1_ListArticleChangesRequest, _cfs_feed_v1_ListArticleChangesRequest__Output>
        ListArticleChangesResponse: MessageTypeDefinition<_cfs_feed_v1_ListArticleChangesResponse, _cfs_feed_v1_ListArticleChangesResponse__Output>
        ListCategoriesRequest: MessageTypeDefinition<_cfs_feed_v1_ListCategoriesRequest, _cfs_feed_v1_ListCategoriesRequest__Output>
        ListCategoriesResponse: MessageTypeDefinition<_cfs_feed_v1_ListCategoriesResponse, _cfs_feed_v1_ListCategoriesResponse__Output>
        ListSourcesRequest: MessageTypeDefinition<_cfs_feed_v1_ListSourcesRequest, _cfs_feed_v1_ListSourcesRequest__Output>
        ListSourcesResponse: MessageTypeDefinition<_cfs_feed_v1_ListSourcesResponse, _cfs_feed_v1_ListSourcesResponse__Output>
        NoteSiteChangesRequest: MessageTypeDefinition<_cfs_feed_v1_NoteSiteChangesRequest, _cfs_feed_v1_NoteSiteChangesRequest__Output>
        NoteSiteChangesResponse: MessageTypeDefinition<_cfs_feed_v1_NoteSiteChangesResponse, _cfs_feed_v1_NoteSiteChangesResponse__Output>
        PauseSourceRequest: MessageTypeDefinition<_cfs_feed_v1_PauseSourceRequest, _cfs_feed_v1_PauseSourceRequest__Output>
        PauseSourceResponse: MessageTypeDefinition<_cfs_feed_v1_PauseSourceResponse, _cfs_feed_v1_PauseSourceResponse__Output>
        ReceiveWebSubRequest: MessageTypeDefinition<_cfs_feed_v1_ReceiveWebSubRequest, _cfs_feed_v1_ReceiveWebSubRequest__Output>
        ReceiveWebSubResponse: MessageTypeDefinition<_cfs_feed_v1_ReceiveWebSubResponse, _cfs_feed_v1_ReceiveWebSubResponse__Output>
        RejectedItem: MessageTypeDefinition<_cfs_feed_v1_RejectedItem, _cfs_feed_v1_RejectedItem__Output>
        Rejection: MessageTypeDefinition<_cfs_feed_v1_Rejection, _cfs_feed_v1_Rejection__Output>
        RemoveArticlesRequest: MessageTypeDefinition<_cfs_feed_v1_RemoveArticlesRequest, _cfs_feed_v1_RemoveArticlesRequest__Output>
        RemoveArticlesResponse: MessageTypeDefinition<_cfs_feed_v1_RemoveArticlesResponse, _cfs_feed_v1_RemoveArticlesResponse__Output>
        RemoveSourceRequest: MessageTypeDefinition<_cfs_feed_v1_RemoveSourceRequest, _cfs_feed_v1_RemoveSourceRequest__Output>
        RemoveSourceResponse: MessageTypeDefinition<_cfs_feed_v1_RemoveSourceResponse, _cfs_feed_v1_RemoveSourceResponse__Output>
        ReplaceSubscriptionsRequest: MessageTypeDefinition<_cfs_feed_v1_ReplaceSubscriptionsRequest, _cfs_feed_v1_ReplaceSubscriptionsRequest__Output>
        ReplaceSubscriptionsResponse: MessageTypeDefinition<_cfs_feed_v1_ReplaceSubscriptionsResponse, _cfs_feed_v1_ReplaceSubscriptionsResponse__Output>
        ResumeSourceRequest: MessageTypeDefinition<_cfs_feed_v1_ResumeSourceRequest, _cfs_feed_v1_ResumeSourceRequest__Output>
        ResumeSourceResponse: MessageTypeDefinition<_cfs_feed_v1_ResumeSourceResponse, _cfs_feed_v1_ResumeSourceResponse__Output>
        Source: MessageTypeDefinition<_cfs_feed_v1_Source, _cfs_feed_v1_Source__Output>
        SourceError: MessageTypeDefinition<_cfs_feed_v1_SourceError, _cfs_feed_v1_SourceError__Output>
        Topic: MessageTypeDefinition<_cfs_feed_v1_Topic, _cfs_feed_v1_Topic__Output>
        VerifyWebSubRequest: MessageTypeDefinition<_cfs_feed_v1_VerifyWebSubRequest, _cfs_feed_v1_VerifyWebSubRequest__Output>
        VerifyWebSubResponse: MessageTypeDefinition<_cfs_feed_v1_VerifyWebSubResponse, _cfs_feed_v1_VerifyWebSubResponse__Output>
      }
    }
  }
}

