/**
 * How many requests this process is serving now: counted from the request's first hook to the
 * moment its response is done or its connection gone. Matching's job gives way while any is
 * (decision 179).
 */
import type { FastifyInstance } from 'fastify';

export function countServing(app: FastifyInstance): () => number {
  let serving = 0;
  app.addHook('onRequest', async (_request, reply) => {
    serving += 1;
    reply.raw.once('close', () => {
      serving -= 1;
    });
  });
  return () => serving;
}
