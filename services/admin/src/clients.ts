/** The operator CLI talks to the services' gRPC APIs, customer-facing and admin alike. */
import { localUrl, type CallsOf } from '@cfs/common/deployables';
import { createClient } from '@cfs/common/grpc';
import { loadProtos } from '@cfs/protos';
import type { AccountAdminServiceClient } from '@cfs/protos/generated/cfs/account/v1/AccountAdminService.js';
import type { AccountServiceClient } from '@cfs/protos/generated/cfs/account/v1/AccountService.js';
import type { IdentityServiceClient } from '@cfs/protos/generated/cfs/identity/v1/IdentityService.js';
import type { FeedAdminServiceClient } from '@cfs/protos/generated/cfs/feed/v1/FeedAdminService.js';
import type { MediaAdminServiceClient } from '@cfs/protos/generated/cfs/media/v1/MediaAdminService.js';

export interface AdminClients {
  identity: IdentityServiceClient;
  account: AccountServiceClient;
  accountAdmin: AccountAdminServiceClient;
  feedAdmin: FeedAdminServiceClient;
  mediaAdmin: MediaAdminServiceClient;
  deadlineMs: number;
  /** The dashboard's public address (invitation links point into it), ending in a slash. */
  dashboardUrl: string;
}

/** Where `npm start` serves the dashboard. */
export const LOCAL_DASHBOARD_URL = `${localUrl('gateway')}/dashboard/`;

/** `serviceToken`: the operator CLI's service token (service-auth.ts). */
export function createAdminClients(
  opts: Record<CallsOf<'admin'>, string> & {
    deadlineMs: number;
    serviceToken: string | undefined;
    dashboardUrl?: string;
  },
): AdminClients {
  const { cfs } = loadProtos();
  return {
    identity: createClient(cfs.identity.v1.IdentityService, opts.identity, opts.serviceToken),
    account: createClient(cfs.account.v1.AccountService, opts.account, opts.serviceToken),
    accountAdmin: createClient(cfs.account.v1.AccountAdminService, opts.account, opts.serviceToken),
    feedAdmin: createClient(cfs.feed.v1.FeedAdminService, opts.feed, opts.serviceToken),
    mediaAdmin: createClient(cfs.media.v1.MediaAdminService, opts.media, opts.serviceToken),
    deadlineMs: opts.deadlineMs,
    dashboardUrl: (opts.dashboardUrl ?? LOCAL_DASHBOARD_URL).replace(/\/?$/, '/'),
  };
}

export function closeAdminClients(clients: AdminClients): void {
  clients.identity.close();
  clients.account.close();
  clients.accountAdmin.close();
  clients.feedAdmin.close();
  clients.mediaAdmin.close();
}
