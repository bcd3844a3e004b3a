// Better+ from its images: deploy/images/run.sh starts the five services, web and the Envoy gateway
// as podman containers on the host network, in production mode, on this test stack's databases,
// Kafka namespace and keys, with mail going to a local SMTP server.
import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { StoredMail } from '@betterplus/kit';
import { createTestStack, realInfrastructure, startSmtpServer, unfolded, type SmtpServer, type TestStack } from '@betterplus/kit/testing';
import { SERVICE_NAMES } from '@betterplus/gateway';

const runScript = join(import.meta.dirname, '..', '..', '..', 'images', 'run.sh');

/** Why the container tests cannot run here, or undefined when they can. */
export function containersUnavailable(): string | undefined {
  if (process.env.BETTERPLUS_CONTAINERS !== '1') return 'set BETTERPLUS_CONTAINERS=1 once deploy/images/build.sh has built the images';
  if (!realInfrastructure.postgres || !realInfrastructure.kafka || !realInfrastructure.redis)
    return 'the containers need DATABASE_URL, KAFKA_BROKERS and REDIS_URL';
  return undefined;
}

export interface ContainerStack {
  gatewayUrl: string;
  admin: { username: string; password: string };
  /** The mail the SMTP server has received, in the shape the signup helper reads. */
  mailbox(): Promise<StoredMail[]>;
  stop(): Promise<void>;
}

async function runContainers(command: 'up' | 'down', env: NodeJS.ProcessEnv): Promise<string> {
  try {
    const { stdout } = await promisify(execFile)('bash', [runScript, command], { env, maxBuffer: 16 * 1024 * 1024 });
    return stdout;
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr ?? '';
    throw new Error(`deploy/images/run.sh ${command} failed:\n${stderr.slice(-4000)}`, { cause: error });
  }
}

const header = (raw: string, name: string): string => new RegExp(`^${name}: (.*)$`, 'mi').exec(raw)?.[1]?.trim() ?? '';

/** A received message as the local mailbox stores one; the text is the whole body, every part. */
function asStoredMail(mail: SmtpServer['received'][number]): StoredMail {
  const raw = unfolded(mail.raw);
  const body = raw
    .split(/\r?\n\r?\n/)
    .slice(1)
    .join('\n');
  return { id: randomUUID(), from: mail.from, sentAt: header(raw, 'Date'), to: mail.to[0] ?? '', subject: header(raw, 'Subject'), text: body, html: body };
}

/** Starts the containers (replacing any left from an earlier run) and waits until each is ready. */
export async function startContainerStack(): Promise<ContainerStack> {
  const stack: TestStack = await createTestStack();
  const smtp = await startSmtpServer();
  const admin = { username: 'admin', password: randomBytes(24).toString('base64url') };
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    CONTAINERS_NAME: 'betterplus-test',
    CONTAINERS_PORT: process.env.BETTERPLUS_CONTAINERS_PORT ?? '18180',
    LOG_LEVEL: 'warn',
    SMTP_URL: smtp.url,
    ADMIN_USERNAME: admin.username,
    ADMIN_PASSWORD: admin.password,
    KAFKA_NAMESPACE: stack.env.KAFKA_NAMESPACE,
    JWT_PRIVATE_KEY: stack.keys.privateKeyPem,
    JWT_PUBLIC_KEY: stack.keys.publicKeyPem,
    NOTIFICATIONS_PRIVATE_KEY: stack.env.NOTIFICATIONS_PRIVATE_KEY,
    NOTIFICATIONS_PUBLIC_KEY: stack.env.NOTIFICATIONS_PUBLIC_KEY,
  };
  const release = async () => {
    await smtp.close();
    await stack.close();
  };
  try {
    for (const name of SERVICE_NAMES) env[`${name.replace(/-/g, '_').toUpperCase()}_DATABASE_URL`] = await stack.databaseUrl(name);
    const started = await runContainers('up', env);
    const gatewayUrl = /^GATEWAY_URL=(.+)$/m.exec(started)?.[1] ?? '';
    if (!gatewayUrl) throw new Error(`deploy/images/run.sh up printed no GATEWAY_URL:\n${started}`);
    return {
      gatewayUrl,
      admin,
      mailbox: async () => smtp.received.map(asStoredMail),
      async stop() {
        await runContainers('down', env);
        await release();
      },
    };
  } catch (error) {
    await runContainers('down', env).catch(() => undefined);
    await release();
    throw error;
  }
}
