import path from 'node:path';

export interface ServerConfig {
  host: string;
  port: number;
  /** Folder with the built widget (webpack output). */
  staticDir: string;
  /** Extra origins allowed to initialise the widget (its own origin always is). */
  allowedOrigins: string[];
  logger: boolean;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 8080);
  return {
    host: env.HOST ?? '127.0.0.1',
    port: Number.isInteger(port) && port >= 0 && port < 65536 ? port : 8080,
    staticDir: path.resolve(env.STATIC_DIR ?? path.join(__dirname, '..', 'static')),
    allowedOrigins: (env.ALLOWED_ORIGINS ?? '').split(/[\s,]+/).filter(Boolean),
    logger: env.LOG !== '0' && env.NODE_ENV !== 'test',
  };
}
