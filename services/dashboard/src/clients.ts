/** The services the dashboard calls, with its own service token (design 2), and one bound `rpc`. */
import { callUnary, createClient, type RequestOf, type ResponseOf, type UnaryMethodName } from '@cfs/common/grpc';
import { loadProtos } from '@cfs/protos';
import type { AccountServiceClient } from '@cfs/protos/generated/cfs/account/v1/AccountService.js';
import type { IdentityServiceClient } from '@cfs/protos/generated/cfs/identity/v1/IdentityService.js';

export interface DashboardClients {
  identity: IdentityServiceClient;
  account: AccountServiceClient;
}

export type DashboardRpc = <S extends keyof DashboardClients, K extends UnaryMethodName<DashboardClients[S]>>(
  service: S,
  method: K,
  request: NoInfer<RequestOf<DashboardClients[S][K]>>,
) => Promise<ResponseOf<DashboardClients[S][K]>>;

export function createDashboardClients(addresses: Record<keyof DashboardClients, string>, serviceToken: string | undefined): DashboardClients {
  const { cfs } = loadProtos();
  return {
    identity: createClient(cfs.identity.v1.IdentityService, addresses.identity, serviceToken),
    account: createClient(cfs.account.v1.AccountService, addresses.account, serviceToken),
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
