import type { RunningService } from '@betterplus/kit';
import { createTestStack, type TestStack } from '@betterplus/kit/testing';
import { createLocalGateway, SERVICE_NAMES, type ServiceName } from '@betterplus/gateway';
import { services } from '../../src/services.ts';

export interface ServicesBehindGateway {
  stack: TestStack;
  /** Each service's own base URL (for Envoy's clusters). */
  upstreams: Record<ServiceName, string>;
  gatewayUrl: string;
  stop(): Promise<void>;
}

/**
 * All five services, each listening on its own port on the test stack's adapters (real
 * PostgreSQL, Kafka and Redis when the environment names them), behind the local gateway.
 */
export async function startServicesBehindGateway(extraEnv: Record<string, string> = {}): Promise<ServicesBehindGateway> {
  const stack = await createTestStack();
  try {
    const upstreams = {} as Record<ServiceName, string>;
    for (const name of SERVICE_NAMES) {
      const service: RunningService = await stack.start(services[name], extraEnv, { listen: true });
      upstreams[name] = service.url ?? '';
    }
    const gateway = createLocalGateway({ upstreams, webRoot: stack.env.DATA_DIR ?? '' });
    const gatewayUrl = await gateway.listen({ host: '127.0.0.1', port: 0 });
    return {
      stack,
      upstreams,
      gatewayUrl,
      async stop() {
        await gateway.close();
        await stack.close();
      },
    };
  } catch (error) {
    await stack.close();
    throw error;
  }
}
