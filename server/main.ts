import { buildServer } from './app';
import { configFromEnv } from './config';
import { StartupError } from './startupError';

async function main() {
  const config = configFromEnv();
  const app = await buildServer(config);
  const shutdown = async () => {
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  await app.listen({ host: config.host, port: config.port });

  console.log(`Immosuite demo: http://${config.host}:${config.port}/`);
}

main().catch((error: unknown) => {
  // A refusal to start is one line that says what to do; anything else keeps its stack.
  console.error(error instanceof StartupError ? `Immosuite: ${error.message}` : error);
  process.exit(1);
});
