/**
 * The services the dashboard calls, with its own service token
 * (services/common/README.md#service-to-service-authentication), and one bound `rpc`.
 */
import type { CallsOf } from '@cfs/common/deployables';
import { callUnary, createClient, type RequestOf, type ResponseOf, type UnaryMethodName } from '@cfs/common/grpc';
import { loadProtos } from '@cfs/protos';
import type { AccountAdminServiceClient } from '@cfs/protos/generated/cfs/account/v1/AccountAdminService.js';
import type { AccountServiceClient } from '@cfs/protos/generated/cfs/account/v1/AccountService.js';
import type { BillingServiceClient } from '@cfs/protos/generated/cfs/billing/v1/BillingService.js';
import type { FeedServiceClient } from '@cfs/protos/generated/cfs/feed/v1/FeedService.js';
import type { IdentityServiceClient } from '@cfs/protos/generated/cfs/identity/v1/IdentityService.js';
import type { MediaServiceClient } from '@cfs/protos/generated/cfs/media/v1/MediaService.js';
import type { SeoServiceClient } from '@cfs/protos/generated/cfs/seo/v1/SeoService.js';
import type { WebhooksServiceClient } from '@cfs/protos/generated/cfs/webhooks/v1/WebhooksService.js';

export interface DashboardClients {
  identity: IdentityServiceClient;
  account: AccountServiceClient;
  /** GetPlanCatalog only (the plans a Site can buy). */
  accountAdmin: AccountAdminServiceClient;
  feed: FeedServiceClient;
  billing: BillingServiceClient;
  seo: SeoServiceClient;
  media: MediaServiceClient;
  webhooks: WebhooksServiceClient;
}

export type DashboardRpc = <S extends keyof DashboardClients, K extends UnaryMethodName<DashboardClients[S]>>(
  service: S,
  method: K,
  request: NoInfer<RequestOf<DashboardClients[S][K]>>,
) => Promise<ResponseOf<DashboardClients[S][K]>>;

/** `addresses`: where each service is, by its name in the deployables' table (@cfs/common/deployables). */
export function createDashboardClients(addresses: Record<CallsOf<'dashboard'>, string>, serviceToken: string | undefined): DashboardClients {
  const { cfs } = loadProtos();
  return {
    identity: createClient(cfs.identity.v1.IdentityService, addresses.identity, serviceToken),
    account: createClient(cfs.account.v1.AccountService, addresses.account, serviceToken),
    accountAdmin: createClient(cfs.account.v1.AccountAdminService, addresses.account, serviceToken),
    feed: createClient(cfs.feed.v1.FeedService, addresses.feed, serviceToken),
    billing: createClient(cfs.billing.v1.BillingService, addresses.billing, serviceToken),
    seo: createClient(cfs.seo.v1.SeoService, addresses.seo, serviceToken),
    media: createClient(cfs.media.v1.MediaService, addresses.media, serviceToken),
    webhooks: createClient(cfs.webhooks.v1.WebhooksService, addresses.webhooks, serviceToken),
  };
}

export function closeDashboardClients(clients: DashboardClients): void {
  for (const client of Object.values(clients)) client.close();
}

export function rpcOf(clients: DashboardClients, deadlineMs: number): (requestId: string) => DashboardRpc {
  return (requestId) =>
    ((service, method, request) =>
      callUnary(clients[service], method as never, request as never, { deadlineMs, metadata: { 'x-request-id': requestId } })) as DashboardRpc;
}
