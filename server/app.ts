import Fastify from 'fastify';
import type { ServerConfig } from './config';
import { registerWeb } from './web';

export async function buildServer(config: ServerConfig) {
  const app = Fastify({ logger: config.logger, bodyLimit: 64 * 1024 });
  await registerWeb(app, config);
  return app;
}
