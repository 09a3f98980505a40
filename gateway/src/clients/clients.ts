/** gRPC clients of the services the gateway calls (customer-facing services only). */
import type { CallsOf } from '@cfs/common/deployables';
import { createClient } from '@cfs/common/grpc';
import { loadProtos } from '@cfs/protos';
import type { AccountServiceClient } from '@cfs/protos/generated/cfs/account/v1/AccountService.js';
import type { FeedServiceClient } from '@cfs/protos/generated/cfs/feed/v1/FeedService.js';
import type { BillingServiceClient } from '@cfs/protos/generated/cfs/billing/v1/BillingService.js';
import type { MediaServiceClient } from '@cfs/protos/generated/cfs/media/v1/MediaService.js';
import type { SeoServiceClient } from '@cfs/protos/generated/cfs/seo/v1/SeoService.js';
import type { IdentityServiceClient } from '@cfs/protos/generated/cfs/identity/v1/IdentityService.js';
import type { WebhooksServiceClient } from '@cfs/protos/generated/cfs/webhooks/v1/WebhooksService.js';

export interface ServiceClients {
  identity: IdentityServiceClient;
  account: AccountServiceClient;
  feed: FeedServiceClient;
  billing: BillingServiceClient;
  seo: SeoServiceClient;
  media: MediaServiceClient;
  webhooks: WebhooksServiceClient;
}

/** Where each service is, by its name in the deployables' table (@cfs/common/deployables). */
export type ServiceAddresses = Record<CallsOf<'gateway'>, string>;

/** `serviceToken`: the gateway's service token, presented on every call (service-auth.ts). */
export function createServiceClients(addresses: ServiceAddresses, serviceToken: string | undefined): ServiceClients {
  const { cfs } = loadProtos();
  return {
    identity: createClient(cfs.identity.v1.IdentityService, addresses.identity, serviceToken),
    account: createClient(cfs.account.v1.AccountService, addresses.account, serviceToken),
    feed: createClient(cfs.feed.v1.FeedService, addresses.feed, serviceToken),
    billing: createClient(cfs.billing.v1.BillingService, addresses.billing, serviceToken),
    seo: createClient(cfs.seo.v1.SeoService, addresses.seo, serviceToken),
    media: createClient(cfs.media.v1.MediaService, addresses.media, serviceToken),
    webhooks: createClient(cfs.webhooks.v1.WebhooksService, addresses.webhooks, serviceToken),
  };
}

export function closeServiceClients(clients: ServiceClients): void {
  for (const client of Object.values(clients)) client.close();
}
