/** `npm start`: read the environment (and `.env` when there is one), prepare the database, listen. */
import fs from 'node:fs';
import { createServer } from './bootstrap';
import { configFromEnv } from './config';

// Variables already set win over the file (Node's loader does not overwrite them).
if (fs.existsSync('.env')) process.loadEnvFile('.env');
const config = configFromEnv();
const { app, seeded } = await createServer(config);

if (seeded.adminCreated) {
  // The log line never holds the password: logs end up in collectors that many people read.
  app.log.info({ email: config.adminEmail }, 'Created the first admin');
  if (seeded.generatedPassword) {
    // Printed once, plainly, so it can be copied from the terminal; it is not stored anywhere readable.
    console.log(`\n  First admin account\n    email:    ${config.adminEmail}\n    password: ${seeded.generatedPassword}\n`);
  }
}
if (seeded.demoSeeded) app.log.info(`Seeded the demo site (app key "${config.appKey}")`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}

await app.listen({ port: config.port, host: config.host });
console.log(
  `  Site:  http://${config.host}:${config.port}/\n  Admin: http://${config.host}:${config.port}/admin\n  API:   http://${config.host}:${config.port}/cms/docs`,
);
