/**
 * The two baselines of the bench, and a reference, each as its own process role:
 *   grpc   <port> <pageFile>        a grpc-js server answering FeedService.GetFeedPage with a fixed page
 *   express <port> <bodyFile> [grpcAddress]  express 5: a route returning a fixed JSON body, or (with
 *                                     grpcAddress) a route making one unary call and returning its answer
 *   redis  <port> <bodyFile> <redisUrl>  the reference: express 5 returning the fixed body after one call
 *                                     of the gateway's own rate-limit script (its stores, its connection
 *                                     options): what a request that must see Redis once costs at least
 */
import { readFileSync } from 'node:fs';
import express from 'express';
import { callUnary, createClient, grpc } from '@cfs/common/grpc';
import { createLogger } from '@cfs/common/logger';
import { loadProtos } from '@cfs/protos';
import { createRedisStores } from '@cfs/gateway';

const [role, port, file, target] = process.argv.slice(2);

if (role === 'grpc') {
  const page = JSON.parse(readFileSync(file!, 'utf8')) as object;
  const server = new grpc.Server();
  server.addService(loadProtos().cfs.feed.v1.FeedService.service, {
    GetFeedPage: (_call: unknown, callback: (err: null, value: object) => void) => callback(null, page),
  });
  server.bindAsync(`127.0.0.1:${port}`, grpc.ServerCredentials.createInsecure(), () => undefined);
} else {
  const body = JSON.parse(readFileSync(file!, 'utf8')) as object;
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  if (role === 'redis') {
    // The rate limit as the gateway calls it for a cached Credential: its window, the address's, the marker.
    const { rateLimits } = createRedisStores({ url: target!, prefix: `cfs-bench-reference-${process.pid}:`, logger: createLogger('bench', { level: 'warn' }) });
    app.get('/', async (req, res) => {
      await rateLimits.hit('cred:bench', 60_000, { alsoRead: `ip:${req.ip}`, revocationOf: 'cred_bench' });
      res.json(body);
    });
  } else if (target) {
    const client = createClient(loadProtos().cfs.feed.v1.FeedService, target);
    app.get('/', async (_req, res) => {
      const page = await callUnary(client, 'GetFeedPage', { siteId: 's', limit: 20 }, { deadlineMs: 2000 });
      res.json(page);
    });
  } else {
    app.get('/', (_req, res) => {
      res.json(body);
    });
  }
  app.listen(Number(port), '127.0.0.1');
}
