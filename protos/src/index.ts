/**
 * The gRPC contracts, loaded from the generated descriptor (no .proto file is read at run time,
 * so bundled deployables work anywhere) and typed with the generated types.
 */
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import { descriptor } from '../generated/descriptor.js';
import type { ProtoGrpcType as AccountProto } from '../generated/account.js';
import type { ProtoGrpcType as BillingProto } from '../generated/billing.js';
import type { ProtoGrpcType as FeedProto } from '../generated/feed.js';
import type { ProtoGrpcType as HealthProto } from '../generated/health.js';
import type { ProtoGrpcType as IdentityProto } from '../generated/identity.js';
import type { ProtoGrpcType as MediaProto } from '../generated/media.js';
import type { ProtoGrpcType as SeoProto } from '../generated/seo.js';
import type { ProtoGrpcType as WebhooksProto } from '../generated/webhooks.js';

/** Must match the flags of proto-loader-gen-types in scripts/generate.mjs. */
export const LOADER_OPTIONS: protoLoader.Options = {
  keepCase: false,
  longs: String,
  enums: String,
  defaults: true,
  oneofs: true,
};

export type Protos = AccountProto & BillingProto & FeedProto & HealthProto & IdentityProto & MediaProto & SeoProto & WebhooksProto;

let loaded: Protos | undefined;

export function loadProtos(): Protos {
  loaded ??= grpc.loadPackageDefinition(
    protoLoader.fromJSON(descriptor as unknown as Parameters<typeof protoLoader.fromJSON>[0], LOADER_OPTIONS),
  ) as unknown as Protos;
  return loaded;
}

export type { HealthCheckResponse } from '../generated/grpc/health/v1/HealthCheckResponse.js';
