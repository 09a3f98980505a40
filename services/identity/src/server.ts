/** The identity gRPC server: protocol mapping only; the rules live in credentials.ts and users.ts. */
import { malformed } from '@cfs/common/errors';
import { GrpcServer, implement, type RpcName } from '@cfs/common/grpc';
import type { CallerPolicy, ServiceCallers } from '@cfs/common/service-auth';
import type { Logger } from '@cfs/common/logger';
import { prismaReadiness } from '@cfs/common/service';
import { loadProtos } from '@cfs/protos';
import type { Credential as CredentialMessage } from '@cfs/protos/generated/cfs/identity/v1/Credential.js';
import type { IdentityServiceHandlers } from '@cfs/protos/generated/cfs/identity/v1/IdentityService.js';
import type { User as UserMessage } from '@cfs/protos/generated/cfs/identity/v1/User.js';
import type { PrismaClient } from './generated/prisma/client.ts';
import type { Credential, Credentials } from './credentials.ts';
import type { DashboardUsers, User } from './users.ts';

export function toCredentialMessage(c: Credential): CredentialMessage {
  return {
    id: c.id,
    siteId: c.siteId,
    customerId: c.customerId,
    name: c.name,
    scopes: c.scopes,
    audience: c.audience,
    ...(c.expiresAt ? { expiresAt: c.expiresAt.toISOString() } : {}),
    ...(c.revokedAt ? { revokedAt: c.revokedAt.toISOString() } : {}),
    createdAt: c.createdAt.toISOString(),
  };
}

export function toUserMessage(u: User): UserMessage {
  return { id: u.id, customerId: u.customerId, email: u.email, active: u.passwordSetAt !== null, createdAt: u.createdAt.toISOString() };
}

function parseTime(value: string | undefined, field: string): Date | null {
  if (value === undefined || value === '') return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw malformed(`${field} must be an RFC 3339 date-time`);
  return date;
}

/**
 * Who may call each RPC (service-auth.ts): only the gateway authenticates and redeems; only the
 * dashboard accepts invitations, signs in and reads Users.
 */
export const IDENTITY_CALLERS: CallerPolicy<RpcName<IdentityServiceHandlers>> = {
  Authenticate: ['gateway'],
  CreateCredential: ['gateway', 'admin', 'dashboard'],
  ListCredentials: ['gateway', 'dashboard'],
  RevokeCredential: ['gateway', 'admin', 'dashboard'],
  CreateConnectionCode: ['gateway', 'admin', 'dashboard'],
  RedeemConnectionCode: ['gateway'],
  InviteUser: ['admin', 'dashboard'],
  AcceptInvitation: ['dashboard'],
  SignIn: ['dashboard'],
  GetUser: ['dashboard'],
  ListUsers: ['dashboard'],
};

export function createIdentityServer(deps: {
  prisma: PrismaClient;
  credentials: Credentials;
  users: DashboardUsers;
  logger: Logger;
  callers: ServiceCallers;
}): GrpcServer {
  const { credentials, users } = deps;
  const handlers = implement<IdentityServiceHandlers>(deps.logger, {
    Authenticate: async (req) => ({ credential: toCredentialMessage(await credentials.authenticate(req.token)) }),
    CreateCredential: async (req) => {
      const { credential, secret } = await credentials.createCredential({
        siteId: req.siteId,
        customerId: req.customerId,
        name: req.name,
        scopes: req.scopes,
        audience: req.audience,
        expiresAt: parseTime(req.expiresAt, 'expiresAt'),
        ...(req.issuerCredentialId ? { issuerCredentialId: req.issuerCredentialId } : {}),
      });
      return { credential: toCredentialMessage(credential), secret };
    },
    ListCredentials: async (req) => ({
      credentials: (await credentials.listCredentials(req.siteId, req.customerId)).map(toCredentialMessage),
    }),
    RevokeCredential: async (req) => ({
      credential: toCredentialMessage(await credentials.revokeCredential(req.credentialId, req.siteId, req.customerId)),
    }),
    CreateConnectionCode: async (req) => {
      const { code, expiresAt } = await credentials.createConnectionCode({
        siteId: req.siteId,
        customerId: req.customerId,
        expiresInSeconds: req.expiresInSeconds,
        ...(req.issuerCredentialId ? { issuerCredentialId: req.issuerCredentialId } : {}),
      });
      return { code, expiresAt: expiresAt.toISOString() };
    },
    RedeemConnectionCode: async (req) => {
      const { credential, secret } = await credentials.redeemConnectionCode(req.code);
      return { credential: toCredentialMessage(credential), secret };
    },
    InviteUser: async (req) => {
      const { user, token, expiresAt } = await users.inviteUser(req.customerId, req.email);
      return { user: toUserMessage(user), invitationToken: token, expiresAt: expiresAt.toISOString() };
    },
    AcceptInvitation: async (req) => ({ user: toUserMessage(await users.acceptInvitation(req.invitationToken, req.password)) }),
    SignIn: async (req) => ({ user: toUserMessage(await users.signIn(req.email, req.password)) }),
    GetUser: async (req) => ({ user: toUserMessage(await users.getUser(req.userId)) }),
    ListUsers: async (req) => ({ users: (await users.listUsers(req.customerId)).map(toUserMessage) }),
  });
  return new GrpcServer({
    logger: deps.logger,
    callers: deps.callers,
    readiness: prismaReadiness(deps.prisma),
    services: [
      {
        name: 'cfs.identity.v1.IdentityService',
        definition: loadProtos().cfs.identity.v1.IdentityService.service,
        implementation: handlers,
        allow: IDENTITY_CALLERS,
      },
    ],
  });
}
