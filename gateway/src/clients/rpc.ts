/** Calls from the gateway to the services: one bound `rpc` per request, with the deadline and the request id. */
import { callUnary, type RequestOf, type ResponseOf, type UnaryMethodName } from '@cfs/common/grpc';
import type { ServiceClients } from './clients.ts';

export type Rpc = <S extends keyof ServiceClients, K extends UnaryMethodName<ServiceClients[S]>>(
  service: S,
  method: K,
  request: NoInfer<RequestOf<ServiceClients[S][K]>>,
) => Promise<ResponseOf<ServiceClients[S][K]>>;

/** `rpcFor(requestId)`: calls carry GRPC_DEADLINE_MS and the request id as `x-request-id` metadata. */
export function rpcFactory(clients: ServiceClients, deadlineMs: number): (requestId: string) => Rpc {
  return (requestId) =>
    ((service, method, request) =>
      callUnary(clients[service], method as never, request as never, { deadlineMs, metadata: { 'x-request-id': requestId } })) as Rpc;
}
