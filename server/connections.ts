/**
 * Open connections, bounded (docs/security.md#connections-and-requests): one client address holds at most
 * CONNECTIONS_PER_CLIENT at a time (more are closed as they come), and all clients together
 * leave a reserve of file descriptors below the process's open-files limit, so the database,
 * the mailer and the webhooks always have theirs. A trusted proxy's own address is not capped
 * per client (every visitor comes through it); the proxy caps its clients.
 */
import fs from 'node:fs';
import net from 'node:net';
import type { Server } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** File descriptors kept free of client connections: database, journal, mail, webhooks, logs. */
export const FD_RESERVE = 256;

/** The soft limit of open files (Linux: /proc/self/limits), or null where it cannot be read. */
export function openFilesLimit(limits = '/proc/self/limits'): number | null {
  try {
    const line = fs
      .readFileSync(limits, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    const soft = line ? Number(line.split(/\s{2,}/)[1]) : NaN;
    return Number.isFinite(soft) && soft > 0 ? soft : null;
  } catch {
    return null;
  }
}

/** The addresses of TRUST_PROXY's list as a BlockList; a number of hops trusts every peer. */
function proxyPeers(trustProxy: false | number | string): ((address: string) => boolean) | null {
  if (trustProxy === false) return null;
  if (typeof trustProxy === 'number') return () => true;
  const list = new net.BlockList();
  for (const entry of trustProxy.split(',')) {
    const [address, prefix] = entry.split('/') as [string, string | undefined];
    const type = net.isIPv6(address) ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return (address) =>
    list.check(address, net.isIPv6(address) ? 'ipv6' : 'ipv4') ||
    (address.startsWith('::ffff:') && list.check(address.slice(7), 'ipv4'));
}

export function limitConnections(
  server: Server,
  options: { perClient: number; trustProxy: false | number | string; filesLimit?: number | null },
) {
  const filesLimit = options.filesLimit === undefined ? openFilesLimit() : options.filesLimit;
  if (filesLimit !== null) server.maxConnections = Math.max(64, filesLimit - FD_RESERVE);
  const isProxy = proxyPeers(options.trustProxy);
  const open = new Map<string, number>();
  server.on('connection', (socket: net.Socket) => {
    const address = socket.remoteAddress ?? '';
    if (isProxy?.(address)) return;
    const count = (open.get(address) ?? 0) + 1;
    if (count > options.perClient) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
  return { openOf: (address: string) => open.get(address) ?? 0 };
}

/** Requests one connection may have waiting for their answers to leave (HTTP pipelining). */
export const MAX_IN_FLIGHT = 16;
/** A connection with no traffic either way for this long is closed (a peer that stopped reading). */
export const SOCKET_IDLE_MS = 30_000;

/**
 * Pipelined requests, bounded (docs/security.md#connections-and-requests): a client that writes many requests on one
 * connection and does not read the answers makes the server hold every answer. A connection
 * with more than MAX_IN_FLIGHT answers not yet handed to the network is closed, and the rest of
 * its pipeline is not worked on. Browsers never pipeline; nothing they do comes near.
 */
export function limitPipelining(app: FastifyInstance) {
  const inFlight = new WeakMap<object, number>();
  app.addHook('onRequest', (request, reply, done) => {
    const socket = request.raw.socket;
    const count = (inFlight.get(socket) ?? 0) + 1;
    if (socket.destroyed || count > MAX_IN_FLIGHT) {
      // The rest of its pipeline is not worked on: no handler runs, no answer is built.
      socket.destroy();
      reply.hijack();
      done();
      return;
    }
    inFlight.set(socket, count);
    reply.raw.once('close', () => inFlight.set(socket, (inFlight.get(socket) ?? 1) - 1));
    done();
  });
}
