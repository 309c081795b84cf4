/**
 * How many requests this process is serving now: counted from the request's first hook to the
 * moment its response is done or its connection is gone, whichever comes first (a pipelined
 * request whose connection closes before its turn never gets a response to end). Matching's
 * job gives way while any is (decision 179).
 */
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

export function countServing(app: FastifyInstance): () => number {
  let serving = 0;
  /** Each connection's requests not yet ended: one listener a connection, however many. */
  const open = new WeakMap<Socket, Set<() => void>>();
  app.addHook('onRequest', async (request, reply) => {
    serving += 1;
    const socket = request.raw.socket as Socket | null;
    const ends = socket && typeof socket.once === 'function' ? endsOf(socket) : null;
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      serving -= 1;
      ends?.delete(end);
      reply.raw.off('close', end);
    };
    ends?.add(end);
    reply.raw.once('close', end);
    if (socket?.destroyed) end();
  });

  function endsOf(socket: Socket) {
    let ends = open.get(socket);
    if (!ends) {
      const made = new Set<() => void>();
      open.set(socket, made);
      socket.once('close', () => [...made].forEach((end) => end()));
      ends = made;
    }
    return ends;
  }
  return () => serving;
}
