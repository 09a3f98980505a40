// Original file: protos/cfs/feed/v1/feed.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { GetArticlesRequest as _cfs_feed_v1_GetArticlesRequest, GetArticlesRequest__Output as _cfs_feed_v1_GetArticlesRequest__Output } from '../../../cfs/feed/v1/GetArticlesRequest.js';
import type { GetArticlesResponse as _cfs_feed_v1_GetArticlesResponse, GetArticlesResponse__Output as _cfs_feed_v1_GetArticlesResponse__Output } from '../../../cfs/feed/v1/GetArticlesResponse.js';
import type { ImportArticlesRequest as _cfs_feed_v1_ImportArticlesRequest, ImportArticlesRequest__Output as _cfs_feed_v1_ImportArticlesRequest__Output } from '../../../cfs/feed/v1/ImportArticlesRequest.js';
import type { ImportArticlesResponse as _cfs_feed_v1_ImportArticlesResponse, ImportArticlesResponse__Output as _cfs_feed_v1_ImportArticlesResponse__Output } from '../../../cfs/feed/v1/ImportArticlesResponse.js';
import type { ImportTaxonomyRequest as _cfs_feed_v1_ImportTaxonomyRequest, ImportTaxonomyRequest__Output as _cfs_feed_v1_ImportTaxonomyRequest__Output } from '../../../cfs/feed/v1/ImportTaxonomyRequest.js';
import type { ImportTaxonomyResponse as _cfs_feed_v1_ImportTaxonomyResponse, ImportTaxonomyResponse__Output as _cfs_feed_v1_ImportTaxonomyResponse__Output } from '../../../cfs/feed/v1/ImportTaxonomyResponse.js';
import type { ListArticleChangesRequest as _cfs_feed_v1_ListArticleChangesRequest, ListArticleChangesRequest__Output as _cfs_feed_v1_ListArticleChangesRequest__Output } from '../../../cfs/feed/v1/ListArticleChangesRequest.js';
import type { ListArticleChangesResponse as _cfs_feed_v1_ListArticleChangesResponse, ListArticleChangesResponse__Output as _cfs_feed_v1_ListArticleChangesResponse__Output } from '../../../cfs/feed/v1/ListArticleChangesResponse.js';
import type { NoteSiteChangesRequest as _cfs_feed_v1_NoteSiteChangesRequest, NoteSiteChangesRequest__Output as _cfs_feed_v1_NoteSiteChangesRequest__Output } from '../../../cfs/feed/v1/NoteSiteChangesRequest.js';
import type { NoteSiteChangesResponse as _cfs_feed_v1_NoteSiteChangesResponse, NoteSiteChangesResponse__Output as _cfs_feed_v1_NoteSiteChangesResponse__Output } from '../../../cfs/feed/v1/NoteSiteChangesResponse.js';
import type { RemoveArticlesRequest as _cfs_feed_v1_RemoveArticlesRequest, RemoveArticlesRequest__Output as _cfs_feed_v1_RemoveArticlesRequest__Output } from '../../../cfs/feed/v1/RemoveArticlesRequest.js';
import type { RemoveArticlesResponse as _cfs_feed_v1_RemoveArticlesResponse, RemoveArticlesResponse__Output as _cfs_feed_v1_RemoveArticlesResponse__Output } from '../../../cfs/feed/v1/RemoveArticlesResponse.js';

/**
 * Operator calls; never reachable through the gateway (its service token is not admitted to any
 * of these RPCs). Same conventions as FeedService.
 */
export interface FeedAdminServiceClient extends grpc.Client {
  /**
   * The current articles of these ids, in id order, and which of the others were removed (unknown
   * ones are in neither): the media service checks that a generation job, or a stored variant, is
   * for an article's current version. Callers: media. Errors: INVALID_ARGUMENT for more than 1000 ids; UNAVAILABLE.
   */
  GetArticles(argument: _cfs_feed_v1_GetArticlesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_feed_v1_GetArticlesResponse__Output>): grpc.ClientUnaryCall;
  GetArticles(argument: _cfs_feed_v1_GetArticlesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_feed_v1_GetArticlesResponse__Output>): grpc.ClientUnaryCall;
  GetArticles(argument: _cfs_feed_v1_GetArticlesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_feed_v1_GetArticlesResponse__Output>): grpc.ClientUnaryCall;
  GetArticles(argument: _cfs_feed_v1_GetArticlesRequest, callback: grpc.requestCallback<_cfs_feed_v1_GetArticlesResponse__Output>): grpc.ClientUnaryCall;
  /**
   * The current articles of these ids, in id order, and which of the others were removed (unknown
   * ones are in neither): the media service checks that a generation job, or a stored variant, is
   * for an article's current version. Callers: media. Errors: INVALID_ARGUMENT for more than 1000 ids; UNAVAILABLE.
   */
  getArticles(argument: _cfs_feed_v1_GetArticlesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_feed_v1_GetArticlesResponse__Output>): grpc.ClientUnaryCall;
  getArticles(argument: _cfs_feed_v1_GetArticlesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_feed_v1_GetArticlesResponse__Output>): grpc.ClientUnaryCall;
  getArticles(argument: _cfs_feed_v1_GetArticlesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_feed_v1_GetArticlesResponse__Output>): grpc.ClientUnaryCall;
  getArticles(argument: _cfs_feed_v1_GetArticlesRequest, callback: grpc.requestCallback<_cfs_feed_v1_GetArticlesResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Imports a batch of article lines: each is validated on its own, invalid ones are rejected with
   * their reason, valid ones created or updated (by id). Callers: admin (`articles import`).
   * Errors: INVALID_ARGUMENT for more than 5000 articles in one call; UNAVAILABLE.
   */
  ImportArticles(argument: _cfs_feed_v1_ImportArticlesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_feed_v1_ImportArticlesResponse__Output>): grpc.ClientUnaryCall;
  ImportArticles(argument: _cfs_feed_v1_ImportArticlesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_feed_v1_ImportArticlesResponse__Output>): grpc.ClientUnaryCall;
  ImportArticles(argument: _cfs_feed_v1_ImportArticlesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_feed_v1_ImportArticlesResponse__Output>): grpc.ClientUnaryCall;
  ImportArticles(argument: _cfs_feed_v1_ImportArticlesRequest, callback: grpc.requestCallback<_cfs_feed_v1_ImportArticlesResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Imports a batch of article lines: each is validated on its own, invalid ones are rejected with
   * their reason, valid ones created or updated (by id). Callers: admin (`articles import`).
   * Errors: INVALID_ARGUMENT for more than 5000 articles in one call; UNAVAILABLE.
   */
  importArticles(argument: _cfs_feed_v1_ImportArticlesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_feed_v1_ImportArticlesResponse__Output>): grpc.ClientUnaryCall;
  importArticles(argument: _cfs_feed_v1_ImportArticlesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_feed_v1_ImportArticlesResponse__Output>): grpc.ClientUnaryCall;
  importArticles(argument: _cfs_feed_v1_ImportArticlesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_feed_v1_ImportArticlesResponse__Output>): grpc.ClientUnaryCall;
  importArticles(argument: _cfs_feed_v1_ImportArticlesRequest, callback: grpc.requestCallback<_cfs_feed_v1_ImportArticlesResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Adds new categories and updates existing ones (name and topics, replaced); never deletes a
   * category. All or nothing. Callers: admin (`taxonomy import`).
   * Errors: INVALID_ARGUMENT when the taxonomy breaks a rule (a malformed key, a name that is empty
   * or longer than 100 characters, more than 1000 categories or 200 topics in one, a category key
   * twice); UNAVAILABLE.
   */
  ImportTaxonomy(argument: _cfs_feed_v1_ImportTaxonomyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_feed_v1_ImportTaxonomyResponse__Output>): grpc.ClientUnaryCall;
  ImportTaxonomy(argument: _cfs_feed_v1_ImportTaxonomyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_feed_v1_ImportTaxonomyResponse__Output>): grpc.ClientUnaryCall;
  ImportTaxonomy(argument: _cfs_feed_v1_ImportTaxonomyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_feed_v1_ImportTaxonomyResponse__Output>): grpc.ClientUnaryCall;
  ImportTaxonomy(argument: _cfs_feed_v1_ImportTaxonomyRequest, callback: grpc.requestCallback<_cfs_feed_v1_ImportTaxonomyResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Adds new categories and updates existing ones (name and topics, replaced); never deletes a
   * category. All or nothing. Callers: admin (`taxonomy import`).
   * Errors: INVALID_ARGUMENT when the taxonomy breaks a rule (a malformed key, a name that is empty
   * or longer than 100 characters, more than 1000 categories or 200 topics in one, a category key
   * twice); UNAVAILABLE.
   */
  importTaxonomy(argument: _cfs_feed_v1_ImportTaxonomyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_feed_v1_ImportTaxonomyResponse__Output>): grpc.ClientUnaryCall;
  importTaxonomy(argument: _cfs_feed_v1_ImportTaxonomyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_feed_v1_ImportTaxonomyResponse__Output>): grpc.ClientUnaryCall;
  importTaxonomy(argument: _cfs_feed_v1_ImportTaxonomyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_feed_v1_ImportTaxonomyResponse__Output>): grpc.ClientUnaryCall;
  importTaxonomy(argument: _cfs_feed_v1_ImportTaxonomyRequest, callback: grpc.requestCallback<_cfs_feed_v1_ImportTaxonomyResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Articles created or changed at or after a position, in (updated_at, id) order, at most `limit`
   * (1 to 1000): the media service's generation planner reads what imports changed since it last
   * looked. Callers: media. Errors: INVALID_ARGUMENT for a bad limit or position; UNAVAILABLE.
   */
  ListArticleChanges(argument: _cfs_feed_v1_ListArticleChangesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_feed_v1_ListArticleChangesResponse__Output>): grpc.ClientUnaryCall;
  ListArticleChanges(argument: _cfs_feed_v1_ListArticleChangesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_feed_v1_ListArticleChangesResponse__Output>): grpc.ClientUnaryCall;
  ListArticleChanges(argument: _cfs_feed_v1_ListArticleChangesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_feed_v1_ListArticleChangesResponse__Output>): grpc.ClientUnaryCall;
  ListArticleChanges(argument: _cfs_feed_v1_ListArticleChangesRequest, callback: grpc.requestCallback<_cfs_feed_v1_ListArticleChangesResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Articles created or changed at or after a position, in (updated_at, id) order, at most `limit`
   * (1 to 1000): the media service's generation planner reads what imports changed since it last
   * looked. Callers: media. Errors: INVALID_ARGUMENT for a bad limit or position; UNAVAILABLE.
   */
  listArticleChanges(argument: _cfs_feed_v1_ListArticleChangesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_feed_v1_ListArticleChangesResponse__Output>): grpc.ClientUnaryCall;
  listArticleChanges(argument: _cfs_feed_v1_ListArticleChangesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_feed_v1_ListArticleChangesResponse__Output>): grpc.ClientUnaryCall;
  listArticleChanges(argument: _cfs_feed_v1_ListArticleChangesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_feed_v1_ListArticleChangesResponse__Output>): grpc.ClientUnaryCall;
  listArticleChanges(argument: _cfs_feed_v1_ListArticleChangesRequest, callback: grpc.requestCallback<_cfs_feed_v1_ListArticleChangesResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Notes that articles changed for one Site alone (a new personalized variant): the Site's changes
   * feed reports them again. Callers: media.
   * Errors: INVALID_ARGUMENT for no Site, no id or more than 1000; UNAVAILABLE.
   */
  NoteSiteChanges(argument: _cfs_feed_v1_NoteSiteChangesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_feed_v1_NoteSiteChangesResponse__Output>): grpc.ClientUnaryCall;
  NoteSiteChanges(argument: _cfs_feed_v1_NoteSiteChangesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_feed_v1_NoteSiteChangesResponse__Output>): grpc.ClientUnaryCall;
  NoteSiteChanges(argument: _cfs_feed_v1_NoteSiteChangesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_feed_v1_NoteSiteChangesResponse__Output>): grpc.ClientUnaryCall;
  NoteSiteChanges(argument: _cfs_feed_v1_NoteSiteChangesRequest, callback: grpc.requestCallback<_cfs_feed_v1_NoteSiteChangesResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Notes that articles changed for one Site alone (a new personalized variant): the Site's changes
   * feed reports them again. Callers: media.
   * Errors: INVALID_ARGUMENT for no Site, no id or more than 1000; UNAVAILABLE.
   */
  noteSiteChanges(argument: _cfs_feed_v1_NoteSiteChangesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_feed_v1_NoteSiteChangesResponse__Output>): grpc.ClientUnaryCall;
  noteSiteChanges(argument: _cfs_feed_v1_NoteSiteChangesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_feed_v1_NoteSiteChangesResponse__Output>): grpc.ClientUnaryCall;
  noteSiteChanges(argument: _cfs_feed_v1_NoteSiteChangesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_feed_v1_NoteSiteChangesResponse__Output>): grpc.ClientUnaryCall;
  noteSiteChanges(argument: _cfs_feed_v1_NoteSiteChangesRequest, callback: grpc.requestCallback<_cfs_feed_v1_NoteSiteChangesResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Removes articles (`articles remove`): they leave every feed, and the changes feed reports each
   * as deleted. Unknown ids are skipped. Callers: admin.
   * Errors: INVALID_ARGUMENT for no id, more than 1000, or a malformed one; UNAVAILABLE.
   */
  RemoveArticles(argument: _cfs_feed_v1_RemoveArticlesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_feed_v1_RemoveArticlesResponse__Output>): grpc.ClientUnaryCall;
  RemoveArticles(argument: _cfs_feed_v1_RemoveArticlesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_feed_v1_RemoveArticlesResponse__Output>): grpc.ClientUnaryCall;
  RemoveArticles(argument: _cfs_feed_v1_RemoveArticlesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_feed_v1_RemoveArticlesResponse__Output>): grpc.ClientUnaryCall;
  RemoveArticles(argument: _cfs_feed_v1_RemoveArticlesRequest, callback: grpc.requestCallback<_cfs_feed_v1_RemoveArticlesResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Removes articles (`articles remove`): they leave every feed, and the changes feed reports each
   * as deleted. Unknown ids are skipped. Callers: admin.
   * Errors: INVALID_ARGUMENT for no id, more than 1000, or a malformed one; UNAVAILABLE.
   */
  removeArticles(argument: _cfs_feed_v1_RemoveArticlesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_feed_v1_RemoveArticlesResponse__Output>): grpc.ClientUnaryCall;
  removeArticles(argument: _cfs_feed_v1_RemoveArticlesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_feed_v1_RemoveArticlesResponse__Output>): grpc.ClientUnaryCall;
  removeArticles(argument: _cfs_feed_v1_RemoveArticlesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_feed_v1_RemoveArticlesResponse__Output>): grpc.ClientUnaryCall;
  removeArticles(argument: _cfs_feed_v1_RemoveArticlesRequest, callback: grpc.requestCallback<_cfs_feed_v1_RemoveArticlesResponse__Output>): grpc.ClientUnaryCall;
  
}

/**
 * Operator calls; never reachable through the gateway (its service token is not admitted to any
 * of these RPCs). Same conventions as FeedService.
 */
export interface FeedAdminServiceHandlers extends grpc.UntypedServiceImplementation {
  /**
   * The current articles of these ids, in id order, and which of the others were removed (unknown
   * ones are in neither): the media service checks that a generation job, or a stored variant, is
   * for an article's current version. Callers: media. Errors: INVALID_ARGUMENT for more than 1000 ids; UNAVAILABLE.
   */
  GetArticles: grpc.handleUnaryCall<_cfs_feed_v1_GetArticlesRequest__Output, _cfs_feed_v1_GetArticlesResponse>;
  
  /**
   * Imports a batch of article lines: each is validated on its own, invalid ones are rejected with
   * their reason, valid ones created or updated (by id). Callers: admin (`articles import`).
   * Errors: INVALID_ARGUMENT for more than 5000 articles in one call; UNAVAILABLE.
   */
  ImportArticles: grpc.handleUnaryCall<_cfs_feed_v1_ImportArticlesRequest__Output, _cfs_feed_v1_ImportArticlesResponse>;
  
  /**
   * Adds new categories and updates existing ones (name and topics, replaced); never deletes a
   * category. All or nothing. Callers: admin (`taxonomy import`).
   * Errors: INVALID_ARGUMENT when the taxonomy breaks a rule (a malformed key, a name that is empty
   * or longer than 100 characters, more than 1000 categories or 200 topics in one, a category key
   * twice); UNAVAILABLE.
   */
  ImportTaxonomy: grpc.handleUnaryCall<_cfs_feed_v1_ImportTaxonomyRequest__Output, _cfs_feed_v1_ImportTaxonomyResponse>;
  
  /**
   * Articles created or changed at or after a position, in (updated_at, id) order, at most `limit`
   * (1 to 1000): the media service's generation planner reads what imports changed since it last
   * looked. Callers: media. Errors: INVALID_ARGUMENT for a bad limit or position; UNAVAILABLE.
   */
  ListArticleChanges: grpc.handleUnaryCall<_cfs_feed_v1_ListArticleChangesRequest__Output, _cfs_feed_v1_ListArticleChangesResponse>;
  
  /**
   * Notes that articles changed for one Site alone (a new personalized variant): the Site's changes
   * feed reports them again. Callers: media.
   * Errors: INVALID_ARGUMENT for no Site, no id or more than 1000; UNAVAILABLE.
   */
  NoteSiteChanges: grpc.handleUnaryCall<_cfs_feed_v1_NoteSiteChangesRequest__Output, _cfs_feed_v1_NoteSiteChangesResponse>;
  
  /**
   * Removes articles (`articles remove`): they leave every feed, and the changes feed reports each
   * as deleted. Unknown ids are skipped. Callers: admin.
   * Errors: INVALID_ARGUMENT for no id, more than 1000, or a malformed one; UNAVAILABLE.
   */
  RemoveArticles: grpc.handleUnaryCall<_cfs_feed_v1_RemoveArticlesRequest__Output, _cfs_feed_v1_RemoveArticlesResponse>;
  
}

export interface FeedAdminServiceDefinition extends grpc.ServiceDefinition {
  GetArticles: MethodDefinition<_cfs_feed_v1_GetArticlesRequest, _cfs_feed_v1_GetArticlesResponse, _cfs_feed_v1_GetArticlesRequest__Output, _cfs_feed_v1_GetArticlesResponse__Output>
  ImportArticles: MethodDefinition<_cfs_feed_v1_ImportArticlesRequest, _cfs_feed_v1_ImportArticlesResponse, _cfs_feed_v1_ImportArticlesRequest__Output, _cfs_feed_v1_ImportArticlesResponse__Output>
  ImportTaxonomy: MethodDefinition<_cfs_feed_v1_ImportTaxonomyRequest, _cfs_feed_v1_ImportTaxonomyResponse, _cfs_feed_v1_ImportTaxonomyRequest__Output, _cfs_feed_v1_ImportTaxonomyResponse__Output>
  ListArticleChanges: MethodDefinition<_cfs_feed_v1_ListArticleChangesRequest, _cfs_feed_v1_ListArticleChangesResponse, _cfs_feed_v1_ListArticleChangesRequest__Output, _cfs_feed_v1_ListArticleChangesResponse__Output>
  NoteSiteChanges: MethodDefinition<_cfs_feed_v1_NoteSiteChangesRequest, _cfs_feed_v1_NoteSiteChangesResponse, _cfs_feed_v1_NoteSiteChangesRequest__Output, _cfs_feed_v1_NoteSiteChangesResponse__Output>
  RemoveArticles: MethodDefinition<_cfs_feed_v1_RemoveArticlesRequest, _cfs_feed_v1_RemoveArticlesResponse, _cfs_feed_v1_RemoveArticlesRequest__Output, _cfs_feed_v1_RemoveArticlesResponse__Output>
}
