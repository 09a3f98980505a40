/**
 * The two baselines of the bench, each as its own process role:
 *   grpc   <port> <pageFile>        a grpc-js server answering FeedService.GetFeedPage with a fixed page
 *   express <port> <bodyFile> [grpcAddress]  express 5: a route returning a fixed JSON body, or (with
 *                                     grpcAddress) a route making one unary call and returning its answer
 */
import { readFileSync } from 'node:fs';
import express from 'express';
import { callUnary, createClient, grpc } from '@cfs/common/grpc';
import { loadProtos } from '@cfs/protos';

const [role, port, file, grpcAddress] = process.argv.slice(2);

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
  if (grpcAddress) {
    const client = createClient(loadProtos().cfs.feed.v1.FeedService, grpcAddress);
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
