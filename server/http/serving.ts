/**
 * How many requests this process is serving now: counted from the request's first hook to the
 * moment its response is done or its connection is gone, whichever comes first (a pipelined
 * request whose connection closes before its turn never gets a response to end). Matching's
 * job gives way while any is (decision 179).
 */
import type { FastifyInstance } from 'fastify';

export function countServing(app: FastifyInstance): () => number {
  let serving = 0;
  app.addHook('onRequest', async (request, reply) => {
    serving += 1;
    const socket = request.raw.socket as Partial<import('node:net').Socket> | null;
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      serving -= 1;
      reply.raw.off('close', end);
      socket?.off?.('close', end);
    };
    reply.raw.once('close', end);
    if (socket?.destroyed) end();
    else socket?.once?.('close', end);
  });
  return () => serving;
}
