import { ConfigError } from '../config/load-config.ts';
import type { BaseConfig } from '../config/load-config.ts';
import type { ServiceDefinition } from './service-definition.ts';
import { startService } from './start-service.ts';

/**
 * Entry point of a service running as its own process (Kubernetes, CI): starts it from the
 * environment and stops it gracefully on SIGTERM/SIGINT (see RunningService.stop), exiting 1
 * when that takes longer than SHUTDOWN_TIMEOUT_MS.
 */
export async function runServiceProcess<Config extends BaseConfig>(definition: ServiceDefinition<Config>): Promise<void> {
  try {
    const service = await startService(definition, { env: process.env, listen: true });
    let stopping = false;
    const shutdown = (signal: string) => {
      if (stopping) return;
      stopping = true;
      service.deps.logger.info({ signal }, 'shutting down');
      service.stop().then(
        () => process.exit(0),
        (error: unknown) => {
          service.deps.logger.error({ err: error }, 'stopped without finishing');
          process.exit(1);
        },
      );
    };
    process.once('SIGTERM', shutdown);
    process.once('SIGINT', shutdown);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${definition.name}: ${error.message}\n`);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
}
