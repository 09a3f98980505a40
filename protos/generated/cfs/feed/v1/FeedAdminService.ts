// Original file: protos/cfs/feed/v1/feed.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { AddSourceRequest as _cfs_feed_v1_AddSourceRequest, AddSourceRequest__Output as _cfs_feed_v1_AddSourceRequest__Output } from '../../../cfs/feed/v1/AddSourceRequest.js';
import type { AddSourceResponse as _cfs_feed_v1_AddSourceResponse, AddSourceResponse__Output as _cfs_feed_v1_AddSourceResponse__Output } from '../../../cfs/feed/v1/AddSourceResponse.js';
import type { FetchSourceRequest as _cfs_feed_v1_FetchSourceRequest, FetchSourceRequest__Output as _cfs_feed_v1_FetchSourceRequest__Output } from '../../../cfs/feed/v1/FetchSourceRequest.js';
import type { FetchSourceResponse as _cfs_feed_v1_FetchSourceResponse, FetchSourceResponse__Output as _cfs_feed_v1_FetchSourceResponse__Output } from '../../../cfs/feed/v1/FetchSourceResponse.js';
import type { GetArticlesRequest as _cfs_feed_v1_GetArticlesRequest, GetArticlesRequest__Output as _cfs_feed_v1_GetArticlesRequest__Output } from '../../../cfs/feed/v1/GetArticlesRequest.js';
import type { GetArticlesResponse as _cfs_feed_v1_GetArticlesResponse, GetArticlesResponse__Output as _cfs_feed_v1_GetArticlesResponse__Output } from '../../../cfs/feed/v1/GetArticlesResponse.js';
import type { GetSourceRequest as _cfs_feed_v1_GetSourceRequest, GetSourceRequest__Output as _cfs_feed_v1_GetSourceRequest__Output } from '../../../cfs/feed/v1/GetSourceRequest.js';
import type { GetSourceResponse as _cfs_feed_v1_GetSourceResponse, GetSourceResponse__Output as _cfs_feed_v1_GetSourceResponse__Output } from '../../../cfs/feed/v1/GetSourceResponse.js';
import type { ImportArticlesRequest as _cfs_feed_v1_ImportArticlesRequest, ImportArticlesRequest__Output as _cfs_feed_v1_ImportArticlesRequest__Output } from '../../../cfs/feed/v1/ImportArticlesRequest.js';
import type { ImportArticlesResponse as _cfs_feed_v1_ImportArticlesResponse, ImportArticlesResponse__Output as _cfs_feed_v1_ImportArticlesResponse__Output } from '../../../cfs/feed/v1/ImportArticlesResponse.js';
import type { ImportTaxonomyRequest as _cfs_feed_v1_ImportTaxonomyRequest, ImportTaxonomyRequest__Output as _cfs_feed_v1_ImportTaxonomyRequest__Output } from '../../../cfs/feed/v1/ImportTaxonomyRequest.js';
import type { ImportTaxonomyResponse as _cfs_feed_v1_ImportTaxonomyResponse, ImportTaxonomyResponse__Output as _cfs_feed_v1_ImportTaxonomyResponse__Output } from '../../../cfs/feed/v1/ImportTaxonomyResponse.js';
import type { ListArticleChangesRequest as _cfs_feed_v1_ListArticleChangesRequest, ListArticleChangesRequest__Output as _cfs_feed_v1_ListArticleChangesRequest__Output } from '../../../cfs/feed/v1/ListArticleChangesRequest.js';
import type { ListArticleChangesResponse as _cfs_feed_v1_ListArticleChangesResponse, ListArticleChangesResponse__Output as _cfs_feed_v1_ListArticleChangesResponse__Output } from '../../../cfs/feed/v1/ListArticleChangesResponse.js';
import type { ListSourcesRequest as _cfs_feed_v1_ListSourcesRequest, ListSourcesRequest__Output as _cfs_feed_v1_ListSourcesRequest__Output } from '../../../cfs/feed/v1/ListSourcesRequest.js';
import type { ListSourcesResponse as _cfs_feed_v1_ListSourcesResponse, ListSourcesResponse__Output as _cfs_feed_v1_ListSourcesResponse__Output } from '../../../cfs/feed/v1/ListSourcesResponse.js';
import type { NoteSiteChangesRequest as _cfs_feed_v1_NoteSiteChangesRequest, NoteSiteChangesRequest__Output as _cfs_feed_v1_NoteSiteChangesRequest__Output } from '../../../cfs/feed/v1/NoteSiteChangesRequest.js';
import type { NoteSiteChangesResponse as _cfs_feed_v1_NoteSiteChangesResponse, NoteSiteChangesResponse__Output as _cfs_feed_v1_NoteSiteChangesResponse__Output } from '../../../cfs/feed/v1/NoteSiteChangesResponse.js';
import type { PauseSourceRequest as _cfs_feed_v1_PauseSourceRequest, PauseSourceRequest__Output as _cfs_feed_v1_PauseSourceRequest__Output } from '../../../cfs/feed/v1/PauseSourceRequest.js';
import type { PauseSourceResponse as _cfs_feed_v1_PauseSourceResponse, PauseSourceResponse__Output as _cfs_feed_v1_PauseSourceResponse__Output } from '../../../cfs/feed/v1/PauseSourceResponse.js';
import type { RemoveArticlesRequest as _cfs_feed_v1_RemoveArticlesRequest, RemoveArticlesRequest__Output as _cfs_feed_v1_RemoveArticlesRequest__Output } from '../../../cfs/feed/v1/RemoveArticlesRequest.js';
import type { RemoveArticlesResponse as _cfs_feed_v1_RemoveArticlesResponse, RemoveArticlesResponse__Output as _cfs_feed_v1_RemoveArticlesResponse__Output } from '../../../cfs/feed/v1/RemoveArticlesResponse.js';
import type { RemoveSourceRequest as _cfs_feed_v1_RemoveSourceRequest, RemoveSourceRequest__Output as _cfs_feed_v1_RemoveSourceRequest__Output } from '../../../cfs/feed/v1/RemoveSourceRequest.js';
import type { RemoveSourceResponse as _cfs_feed_v1_RemoveSourceResponse, RemoveSourceResponse__Output as _cfs_feed_v1_RemoveSourceResponse__Output } from '../../../cfs/feed/v1/RemoveSourceResponse.js';
import type { ResumeSourceRequest as _cfs_feed_v1_ResumeSourceRequest, ResumeSourceRequest__Output as _cfs_feed_v1_ResumeSourceRequest__Output } from '../../../cfs/feed/v1/ResumeSourceRequest.js';
import type { ResumeSourceResponse as _cfs_feed_v1_ResumeSourceResponse, ResumeSourceResponse__Output as _cfs_feed_v1_ResumeSourceResponse__Output } from '../../../cfs/feed/v1/ResumeSourceResponse.js';

/**
 * Operator calls; never reachable through the gateway (its service token is not admitted to any
 * of these RPCs). Same conventions as FeedService.
 */
export interface FeedAdminServiceClient extends grpc.Client {
  /**
   * Registers a Source after fetching it once (an HTML page is followed to the feed it links); that
   * fetch's articles are imported. Callers: admin (`source add`).
   * Errors: INVALID_ARGUMENT (nothing stored) for a URL that is not http(s), whose address is
   * blocked, that answers no feed or fails, an interval out of range or an unknown category;
   * FAILED_PRECONDITION when a Source has that feed's URL already; UNAVAILABLE.
   */
  AddSource(argument: _cfs_feed_v1_AddSourceRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_feed_v1_AddSourceResponse__Output>): grpc.ClientUnaryCall;
  AddSource(argument: _cfs_feed_v1_AddSourceRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_feed_v1_AddSourceResponse__Output>): grpc.ClientUnaryCall;
  AddSource(argument: _cfs_feed_v1_AddSourceRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_feed_v1_AddSourceResponse__Output>): grpc.ClientUnaryCall;
  AddSource(argument: _cfs_feed_v1_AddSourceRequest, callback: grpc.requestCallback<_cfs_feed_v1_AddSourceResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Registers a Source after fetching it once (an HTML page is followed to the feed it links); that
   * fetch's articles are imported. Callers: admin (`source add`).
   * Errors: INVALID_ARGUMENT (nothing stored) for a URL that is not http(s), whose address is
   * blocked, that answers no feed or fails, an interval out of range or an unknown category;
   * FAILED_PRECONDITION when a Source has that feed's URL already; UNAVAILABLE.
   */
  addSource(argument: _cfs_feed_v1_AddSourceRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_feed_v1_AddSourceResponse__Output>): grpc.ClientUnaryCall;
  addSource(argument: _cfs_feed_v1_AddSourceRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_feed_v1_AddSourceResponse__Output>): grpc.ClientUnaryCall;
  addSource(argument: _cfs_feed_v1_AddSourceRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_feed_v1_AddSourceResponse__Output>): grpc.ClientUnaryCall;
  addSource(argument: _cfs_feed_v1_AddSourceRequest, callback: grpc.requestCallback<_cfs_feed_v1_AddSourceResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Fetches a Source now and answers what the fetch did (after a fetch of it under way, if any).
   * A failed fetch is an answer, not an error. Callers: admin (`source fetch`).
   * Errors: NOT_FOUND; UNAVAILABLE.
   */
  FetchSource(argument: _cfs_feed_v1_FetchSourceRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_feed_v1_FetchSourceResponse__Output>): grpc.ClientUnaryCall;
  FetchSource(argument: _cfs_feed_v1_FetchSourceRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_feed_v1_FetchSourceResponse__Output>): grpc.ClientUnaryCall;
  FetchSource(argument: _cfs_feed_v1_FetchSourceRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_feed_v1_FetchSourceResponse__Output>): grpc.ClientUnaryCall;
  FetchSource(argument: _cfs_feed_v1_FetchSourceRequest, callback: grpc.requestCallback<_cfs_feed_v1_FetchSourceResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Fetches a Source now and answers what the fetch did (after a fetch of it under way, if any).
   * A failed fetch is an answer, not an error. Callers: admin (`source fetch`).
   * Errors: NOT_FOUND; UNAVAILABLE.
   */
  fetchSource(argument: _cfs_feed_v1_FetchSourceRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_feed_v1_FetchSourceResponse__Output>): grpc.ClientUnaryCall;
  fetchSource(argument: _cfs_feed_v1_FetchSourceRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_feed_v1_FetchSourceResponse__Output>): grpc.ClientUnaryCall;
  fetchSource(argument: _cfs_feed_v1_FetchSourceRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_feed_v1_FetchSourceResponse__Output>): grpc.ClientUnaryCall;
  fetchSource(argument: _cfs_feed_v1_FetchSourceRequest, callback: grpc.requestCallback<_cfs_feed_v1_FetchSourceResponse__Output>): grpc.ClientUnaryCall;
  
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
   * One Source. Callers: admin (`source show`). Errors: NOT_FOUND; UNAVAILABLE.
   */
  GetSource(argument: _cfs_feed_v1_GetSourceRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_feed_v1_GetSourceResponse__Output>): grpc.ClientUnaryCall;
  GetSource(argument: _cfs_feed_v1_GetSourceRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_feed_v1_GetSourceResponse__Output>): grpc.ClientUnaryCall;
  GetSource(argument: _cfs_feed_v1_GetSourceRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_feed_v1_GetSourceResponse__Output>): grpc.ClientUnaryCall;
  GetSource(argument: _cfs_feed_v1_GetSourceRequest, callback: grpc.requestCallback<_cfs_feed_v1_GetSourceResponse__Output>): grpc.ClientUnaryCall;
  /**
   * One Source. Callers: admin (`source show`). Errors: NOT_FOUND; UNAVAILABLE.
   */
  getSource(argument: _cfs_feed_v1_GetSourceRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_feed_v1_GetSourceResponse__Output>): grpc.ClientUnaryCall;
  getSource(argument: _cfs_feed_v1_GetSourceRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_feed_v1_GetSourceResponse__Output>): grpc.ClientUnaryCall;
  getSource(argument: _cfs_feed_v1_GetSourceRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_feed_v1_GetSourceResponse__Output>): grpc.ClientUnaryCall;
  getSource(argument: _cfs_feed_v1_GetSourceRequest, callback: grpc.requestCallback<_cfs_feed_v1_GetSourceResponse__Output>): grpc.ClientUnaryCall;
  
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
   * Every Source, oldest first, or only those failing or gone. Callers: admin (`source list`).
   * Errors: UNAVAILABLE.
   */
  ListSources(argument: _cfs_feed_v1_ListSourcesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_feed_v1_ListSourcesResponse__Output>): grpc.ClientUnaryCall;
  ListSources(argument: _cfs_feed_v1_ListSourcesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_feed_v1_ListSourcesResponse__Output>): grpc.ClientUnaryCall;
  ListSources(argument: _cfs_feed_v1_ListSourcesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_feed_v1_ListSourcesResponse__Output>): grpc.ClientUnaryCall;
  ListSources(argument: _cfs_feed_v1_ListSourcesRequest, callback: grpc.requestCallback<_cfs_feed_v1_ListSourcesResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Every Source, oldest first, or only those failing or gone. Callers: admin (`source list`).
   * Errors: UNAVAILABLE.
   */
  listSources(argument: _cfs_feed_v1_ListSourcesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_feed_v1_ListSourcesResponse__Output>): grpc.ClientUnaryCall;
  listSources(argument: _cfs_feed_v1_ListSourcesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_feed_v1_ListSourcesResponse__Output>): grpc.ClientUnaryCall;
  listSources(argument: _cfs_feed_v1_ListSourcesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_feed_v1_ListSourcesResponse__Output>): grpc.ClientUnaryCall;
  listSources(argument: _cfs_feed_v1_ListSourcesRequest, callback: grpc.requestCallback<_cfs_feed_v1_ListSourcesResponse__Output>): grpc.ClientUnaryCall;
  
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
   * Stops fetching a Source until it is resumed. Callers: admin (`source pause`).
   * Errors: NOT_FOUND; UNAVAILABLE.
   */
  PauseSource(argument: _cfs_feed_v1_PauseSourceRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_feed_v1_PauseSourceResponse__Output>): grpc.ClientUnaryCall;
  PauseSource(argument: _cfs_feed_v1_PauseSourceRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_feed_v1_PauseSourceResponse__Output>): grpc.ClientUnaryCall;
  PauseSource(argument: _cfs_feed_v1_PauseSourceRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_feed_v1_PauseSourceResponse__Output>): grpc.ClientUnaryCall;
  PauseSource(argument: _cfs_feed_v1_PauseSourceRequest, callback: grpc.requestCallback<_cfs_feed_v1_PauseSourceResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Stops fetching a Source until it is resumed. Callers: admin (`source pause`).
   * Errors: NOT_FOUND; UNAVAILABLE.
   */
  pauseSource(argument: _cfs_feed_v1_PauseSourceRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_feed_v1_PauseSourceResponse__Output>): grpc.ClientUnaryCall;
  pauseSource(argument: _cfs_feed_v1_PauseSourceRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_feed_v1_PauseSourceResponse__Output>): grpc.ClientUnaryCall;
  pauseSource(argument: _cfs_feed_v1_PauseSourceRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_feed_v1_PauseSourceResponse__Output>): grpc.ClientUnaryCall;
  pauseSource(argument: _cfs_feed_v1_PauseSourceRequest, callback: grpc.requestCallback<_cfs_feed_v1_PauseSourceResponse__Output>): grpc.ClientUnaryCall;
  
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
  
  /**
   * Forgets a Source; with remove_articles its articles leave every feed (a delete each in the
   * changes feed), else they stay. Callers: admin (`source remove`). Errors: NOT_FOUND; UNAVAILABLE.
   */
  RemoveSource(argument: _cfs_feed_v1_RemoveSourceRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_feed_v1_RemoveSourceResponse__Output>): grpc.ClientUnaryCall;
  RemoveSource(argument: _cfs_feed_v1_RemoveSourceRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_feed_v1_RemoveSourceResponse__Output>): grpc.ClientUnaryCall;
  RemoveSource(argument: _cfs_feed_v1_RemoveSourceRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_feed_v1_RemoveSourceResponse__Output>): grpc.ClientUnaryCall;
  RemoveSource(argument: _cfs_feed_v1_RemoveSourceRequest, callback: grpc.requestCallback<_cfs_feed_v1_RemoveSourceResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Forgets a Source; with remove_articles its articles leave every feed (a delete each in the
   * changes feed), else they stay. Callers: admin (`source remove`). Errors: NOT_FOUND; UNAVAILABLE.
   */
  removeSource(argument: _cfs_feed_v1_RemoveSourceRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_feed_v1_RemoveSourceResponse__Output>): grpc.ClientUnaryCall;
  removeSource(argument: _cfs_feed_v1_RemoveSourceRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_feed_v1_RemoveSourceResponse__Output>): grpc.ClientUnaryCall;
  removeSource(argument: _cfs_feed_v1_RemoveSourceRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_feed_v1_RemoveSourceResponse__Output>): grpc.ClientUnaryCall;
  removeSource(argument: _cfs_feed_v1_RemoveSourceRequest, callback: grpc.requestCallback<_cfs_feed_v1_RemoveSourceResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Fetches a paused or gone Source again, its next fetch due at once. Callers: admin
   * (`source resume`). Errors: NOT_FOUND; UNAVAILABLE.
   */
  ResumeSource(argument: _cfs_feed_v1_ResumeSourceRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_feed_v1_ResumeSourceResponse__Output>): grpc.ClientUnaryCall;
  ResumeSource(argument: _cfs_feed_v1_ResumeSourceRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_feed_v1_ResumeSourceResponse__Output>): grpc.ClientUnaryCall;
  ResumeSource(argument: _cfs_feed_v1_ResumeSourceRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_feed_v1_ResumeSourceResponse__Output>): grpc.ClientUnaryCall;
  ResumeSource(argument: _cfs_feed_v1_ResumeSourceRequest, callback: grpc.requestCallback<_cfs_feed_v1_ResumeSourceResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Fetches a paused or gone Source again, its next fetch due at once. Callers: admin
   * (`source resume`). Errors: NOT_FOUND; UNAVAILABLE.
   */
  resumeSource(argument: _cfs_feed_v1_ResumeSourceRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_feed_v1_ResumeSourceResponse__Output>): grpc.ClientUnaryCall;
  resumeSource(argument: _cfs_feed_v1_ResumeSourceRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_cfs_feed_v1_ResumeSourceResponse__Output>): grpc.ClientUnaryCall;
  resumeSource(argument: _cfs_feed_v1_ResumeSourceRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_cfs_feed_v1_ResumeSourceResponse__Output>): grpc.ClientUnaryCall;
  resumeSource(argument: _cfs_feed_v1_ResumeSourceRequest, callback: grpc.requestCallback<_cfs_feed_v1_ResumeSourceResponse__Output>): grpc.ClientUnaryCall;
  
}

/**
 * Operator calls; never reachable through the gateway (its service token is not admitted to any
 * of these RPCs). Same conventions as FeedService.
 */
export interface FeedAdminServiceHandlers extends grpc.UntypedServiceImplementation {
  /**
   * Registers a Source after fetching it once (an HTML page is followed to the feed it links); that
   * fetch's articles are imported. Callers: admin (`source add`).
   * Errors: INVALID_ARGUMENT (nothing stored) for a URL that is not http(s), whose address is
   * blocked, that answers no feed or fails, an interval out of range or an unknown category;
   * FAILED_PRECONDITION when a Source has that feed's URL already; UNAVAILABLE.
   */
  AddSource: grpc.handleUnaryCall<_cfs_feed_v1_AddSourceRequest__Output, _cfs_feed_v1_AddSourceResponse>;
  
  /**
   * Fetches a Source now and answers what the fetch did (after a fetch of it under way, if any).
   * A failed fetch is an answer, not an error. Callers: admin (`source fetch`).
   * Errors: NOT_FOUND; UNAVAILABLE.
   */
  FetchSource: grpc.handleUnaryCall<_cfs_feed_v1_FetchSourceRequest__Output, _cfs_feed_v1_FetchSourceResponse>;
  
  /**
   * The current articles of these ids, in id order, and which of the others were removed (unknown
   * ones are in neither): the media service checks that a generation job, or a stored variant, is
   * for an article's current version. Callers: media. Errors: INVALID_ARGUMENT for more than 1000 ids; UNAVAILABLE.
   */
  GetArticles: grpc.handleUnaryCall<_cfs_feed_v1_GetArticlesRequest__Output, _cfs_feed_v1_GetArticlesResponse>;
  
  /**
   * One Source. Callers: admin (`source show`). Errors: NOT_FOUND; UNAVAILABLE.
   */
  GetSource: grpc.handleUnaryCall<_cfs_feed_v1_GetSourceRequest__Output, _cfs_feed_v1_GetSourceResponse>;
  
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
   * Every Source, oldest first, or only those failing or gone. Callers: admin (`source list`).
   * Errors: UNAVAILABLE.
   */
  ListSources: grpc.handleUnaryCall<_cfs_feed_v1_ListSourcesRequest__Output, _cfs_feed_v1_ListSourcesResponse>;
  
  /**
   * Notes that articles changed for one Site alone (a new personalized variant): the Site's changes
   * feed reports them again. Callers: media.
   * Errors: INVALID_ARGUMENT for no Site, no id or more than 1000; UNAVAILABLE.
   */
  NoteSiteChanges: grpc.handleUnaryCall<_cfs_feed_v1_NoteSiteChangesRequest__Output, _cfs_feed_v1_NoteSiteChangesResponse>;
  
  /**
   * Stops fetching a Source until it is resumed. Callers: admin (`source pause`).
   * Errors: NOT_FOUND; UNAVAILABLE.
   */
  PauseSource: grpc.handleUnaryCall<_cfs_feed_v1_PauseSourceRequest__Output, _cfs_feed_v1_PauseSourceResponse>;
  
  /**
   * Removes articles (`articles remove`): they leave every feed, and the changes feed reports each
   * as deleted. Unknown ids are skipped. Callers: admin.
   * Errors: INVALID_ARGUMENT for no id, more than 1000, or a malformed one; UNAVAILABLE.
   */
  RemoveArticles: grpc.handleUnaryCall<_cfs_feed_v1_RemoveArticlesRequest__Output, _cfs_feed_v1_RemoveArticlesResponse>;
  
  /**
   * Forgets a Source; with remove_articles its articles leave every feed (a delete each in the
   * changes feed), else they stay. Callers: admin (`source remove`). Errors: NOT_FOUND; UNAVAILABLE.
   */
  RemoveSource: grpc.handleUnaryCall<_cfs_feed_v1_RemoveSourceRequest__Output, _cfs_feed_v1_RemoveSourceResponse>;
  
  /**
   * Fetches a paused or gone Source again, its next fetch due at once. Callers: admin
   * (`source resume`). Errors: NOT_FOUND; UNAVAILABLE.
   */
  ResumeSource: grpc.handleUnaryCall<_cfs_feed_v1_ResumeSourceRequest__Output, _cfs_feed_v1_ResumeSourceResponse>;
  
}

export interface FeedAdminServiceDefinition extends grpc.ServiceDefinition {
  AddSource: MethodDefinition<_cfs_feed_v1_AddSourceRequest, _cfs_feed_v1_AddSourceResponse, _cfs_feed_v1_AddSourceRequest__Output, _cfs_feed_v1_AddSourceResponse__Output>
  FetchSource: MethodDefinition<_cfs_feed_v1_FetchSourceRequest, _cfs_feed_v1_FetchSourceResponse, _cfs_feed_v1_FetchSourceRequest__Output, _cfs_feed_v1_FetchSourceResponse__Output>
  GetArticles: MethodDefinition<_cfs_feed_v1_GetArticlesRequest, _cfs_feed_v1_GetArticlesResponse, _cfs_feed_v1_GetArticlesRequest__Output, _cfs_feed_v1_GetArticlesResponse__Output>
  GetSource: MethodDefinition<_cfs_feed_v1_GetSourceRequest, _cfs_feed_v1_GetSourceResponse, _cfs_feed_v1_GetSourceRequest__Output, _cfs_feed_v1_GetSourceResponse__Output>
  ImportArticles: MethodDefinition<_cfs_feed_v1_ImportArticlesRequest, _cfs_feed_v1_ImportArticlesResponse, _cfs_feed_v1_ImportArticlesRequest__Output, _cfs_feed_v1_ImportArticlesResponse__Output>
  ImportTaxonomy: MethodDefinition<_cfs_feed_v1_ImportTaxonomyRequest, _cfs_feed_v1_ImportTaxonomyResponse, _cfs_feed_v1_ImportTaxonomyRequest__Output, _cfs_feed_v1_ImportTaxonomyResponse__Output>
  ListArticleChanges: MethodDefinition<_cfs_feed_v1_ListArticleChangesRequest, _cfs_feed_v1_ListArticleChangesResponse, _cfs_feed_v1_ListArticleChangesRequest__Output, _cfs_feed_v1_ListArticleChangesResponse__Output>
  ListSources: MethodDefinition<_cfs_feed_v1_ListSourcesRequest, _cfs_feed_v1_ListSourcesResponse, _cfs_feed_v1_ListSourcesRequest__Output, _cfs_feed_v1_ListSourcesResponse__Output>
  NoteSiteChanges: MethodDefinition<_cfs_feed_v1_NoteSiteChangesRequest, _cfs_feed_v1_NoteSiteChangesResponse, _cfs_feed_v1_NoteSiteChangesRequest__Output, _cfs_feed_v1_NoteSiteChangesResponse__Output>
  PauseSource: MethodDefinition<_cfs_feed_v1_PauseSourceRequest, _cfs_feed_v1_PauseSourceResponse, _cfs_feed_v1_PauseSourceRequest__Output, _cfs_feed_v1_PauseSourceResponse__Output>
  RemoveArticles: MethodDefinition<_cfs_feed_v1_RemoveArticlesRequest, _cfs_feed_v1_RemoveArticlesResponse, _cfs_feed_v1_RemoveArticlesRequest__Output, _cfs_feed_v1_RemoveArticlesResponse__Output>
  RemoveSource: MethodDefinition<_cfs_feed_v1_RemoveSourceRequest, _cfs_feed_v1_RemoveSourceResponse, _cfs_feed_v1_RemoveSourceRequest__Output, _cfs_feed_v1_RemoveSourceResponse__Output>
  ResumeSource: MethodDefinition<_cfs_feed_v1_ResumeSourceRequest, _cfs_feed_v1_ResumeSourceResponse, _cfs_feed_v1_ResumeSourceRequest__Output, _cfs_feed_v1_ResumeSourceResponse__Output>
}
