/**
 * Slow readers (docs/benchmarks.md#slow-readers): 100 connections each write 1,000 pipelined
 * `GET …/v1/wizard/locations/geojson` and never read an answer; each connects again when the
 * server closes it. Measured on the server process (its own process, as `npm start` runs it):
 * resident memory (VmRSS, sampled every 250 ms) and the latency of a normal visitor's requests
 * from another address, before and halfway through the attack. Medians and p99 of 200 requests
 * each.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort, PREFIX } from '../scripts/serverProcess';
import { percentile, visitorRequest } from './visitor';

const READERS = 100;
const PIPELINED = 1000;
const ATTACK_MS = 10_000;
const SAMPLES = 200;

function rssMb(pid: number): number {
  const line = fs
    .readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'))!;
  return Number(line.split(/\s+/)[1]) / 1024;
}

async function startServer(port: number): Promise<ChildProcess> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'immosuite-slow-'));
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(__dirname, '..', 'server', 'main.ts')],
    { env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG: '0' }, stdio: 'pipe' },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Immosuite demo:')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return child;
}

async function latencies(port: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i += 1) times.push(await visitorRequest(port, agent));
  agent.destroy();
  return { medianMs: percentile(times, 50), p99Ms: percentile(times, 99) };
}

export async function slowReaders() {
  const port = await freePort();
  const server = await startServer(port);
  const pid = server.pid!;
  try {
    const one = `GET ${PREFIX}/v1/wizard/locations/geojson HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`;
    const pipeline = one.repeat(PIPELINED);
    // Warm up: the server's routes and the GeoJSON answer once.
    await latencies(port);
    const idleRss = rssMb(pid);
    const before = await latencies(port);

    let running = true;
    let connections = 0;
    let closedByServer = 0;
    const sockets = new Set<net.Socket>();
    const reader = () => {
      if (!running) return;
      connections += 1;
      const socket = net.connect(port, '127.0.0.1');
      sockets.add(socket);
      socket.on('connect', () => {
        socket.pause(); // never reads
        socket.write(pipeline);
      });
      socket.on('error', () => {});
      socket.on('close', () => {
        sockets.delete(socket);
        if (running) {
          closedByServer += 1;
          setImmediate(reader);
        }
      });
    };
    for (let i = 0; i < READERS; i += 1) reader();
    let peakRss = 0;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssMb(pid))), 250);
    // The normal visitor comes halfway through, when every reader has written its pipeline.
    const attackStart = performance.now();
    await new Promise((resolve) => setTimeout(resolve, ATTACK_MS / 2));
    const during = await latencies(port);
    const remaining = ATTACK_MS - (performance.now() - attackStart);
    if (remaining > 0) await new Promise((resolve) => setTimeout(resolve, remaining));
    clearInterval(sampler);
    peakRss = Math.max(peakRss, rssMb(pid));
    running = false;
    for (const socket of sockets) socket.destroy();

    const figures = {
      readers: READERS,
      pipelinedPerConnection: PIPELINED,
      attackSeconds: ATTACK_MS / 1000,
      connectionsOpened: connections,
      closedByServer,
      idleRssMb: Math.round(idleRss),
      peakRssMb: Math.round(peakRss),
      normalBefore: before,
      normalDuring: during,
      latencyMedianRatio: Math.round((during.medianMs / before.medianMs) * 100) / 100,
    };
    console.log(
      `slow readers: ${READERS} connections x ${PIPELINED} pipelined GeoJSON requests, never read, for ${ATTACK_MS / 1000} s (${connections} connections opened, ${closedByServer} closed by the server)`,
    );
    console.log(
      `  server memory: ${figures.idleRssMb} MB idle, peak ${figures.peakRssMb} MB under attack`,
    );
    console.log(
      `  a normal request from another address: median ${before.medianMs.toFixed(2)} ms before, ${during.medianMs.toFixed(2)} ms during (${figures.latencyMedianRatio} x); p99 ${before.p99Ms.toFixed(2)} / ${during.p99Ms.toFixed(2)} ms`,
    );
    return figures;
  } finally {
    server.kill('SIGTERM');
  }
}
