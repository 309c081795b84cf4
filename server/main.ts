import { buildServer } from './app';
import { configFromEnv } from './config';

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
  console.error(error);
  process.exit(1);
});
