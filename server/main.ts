import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { loadConfigOrExit } from './config.ts';
import { seedDemo } from './seed/demo.ts';

async function main() {
  const config = loadConfigOrExit();
  const { app, services } = await buildApp(config);

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'closing after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
  });

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`${config.siteName} is listening on ${config.publicUrl}`);

  // Outside production, a first start fills the site with demo data (in the background: the
  // site answers meanwhile). Never fatal: without ffmpeg it logs and skips.
  if (config.seedDemo) {
    seedDemo(services, {
      info: (message) => app.log.info(message),
      warn: (message) => app.log.warn(message),
    }).catch((err: unknown) => app.log.error({ err }, 'demo data could not be created'));
  }
}

await main();
