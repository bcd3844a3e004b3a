// PostgreSQL, Redis and Kafka in containers for one test run, started with testcontainers on
// whichever engine answers (Docker, or podman's Docker-compatible socket). Each is set up as
// deploy/local-infra/*.sh sets up its local counterpart, and hands back the same URLs.
import { readFileSync } from 'node:fs';
import { ensureTopics } from '../services/kit/src/events/topics.ts';
import {
  GenericContainer,
  ImageName,
  RandomPortGenerator,
  Wait,
  getContainerRuntimeClient,
  type ContainerRuntimeClient,
  type StartedTestContainer,
} from 'testcontainers';

/** Marks the containers of a run (its runner's pid), so that leftovers of a killed run can be found. */
const runLabel = 'org.betterplus.test-run';

export interface TestInfrastructure {
  /** What the tests read: the same variables deploy/local-infra/up.sh prints. */
  env: { DATABASE_URL: string; REDIS_URL: string; KAFKA_BROKERS: string };
  containerIds: string[];
  stop(): Promise<void>;
}

const kafkaVersion = /<kafka\.version>(.+?)<\/kafka\.version>/.exec(readFileSync(new URL('../deploy/local-infra/kafka/pom.xml', import.meta.url), 'utf8'))?.[1];
if (!kafkaVersion) throw new Error('no <kafka.version> in deploy/local-infra/kafka/pom.xml');

type Service = 'postgres' | 'redis' | 'kafka';

/**
 * Per service: the variable naming its image, the image deploy/images/infra/build.sh makes, and
 * the official one, pulled where the engine has not the local one (a developer with Docker Hub).
 */
const images: Record<Service, { variable: string; local: string; official: string }> = {
  postgres: { variable: 'BETTERPLUS_TEST_POSTGRES_IMAGE', local: 'localhost/betterplus/test-postgres:15', official: 'postgres:15' },
  redis: { variable: 'BETTERPLUS_TEST_REDIS_IMAGE', local: 'localhost/betterplus/test-redis:7', official: 'redis:7' },
  kafka: { variable: 'BETTERPLUS_TEST_KAFKA_IMAGE', local: `localhost/betterplus/test-kafka:${kafkaVersion}`, official: `apache/kafka:${kafkaVersion}` },
};

/** The engine testcontainers finds (DOCKER_HOST, its properties file, the default socket), if one answers. */
export async function connectContainerEngine(): Promise<ContainerRuntimeClient | undefined> {
  try {
    return await getContainerRuntimeClient();
  } catch {
    return undefined;
  }
}

async function imageFor(engine: ContainerRuntimeClient, service: Service): Promise<string> {
  const { variable, local, official } = images[service];
  const named = process.env[variable];
  if (named) return named;
  return (await engine.image.exists(ImageName.fromString(local))) ? local : official;
}

const startupTimeoutMs = 120_000;

function container(image: string): GenericContainer {
  return new GenericContainer(image).withLabels({ [runLabel]: String(process.pid) }).withStartupTimeout(startupTimeoutMs);
}

async function startPostgres(image: string): Promise<StartedTestContainer> {
  return (
    container(image)
      .withEnvironment({ POSTGRES_HOST_AUTH_METHOD: 'trust' })
      .withCommand(['postgres', '-c', 'max_connections=200', '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'])
      .withExposedPorts(5432)
      // Over TCP: the official image's first, initialising server listens on its socket only.
      .withWaitStrategy(Wait.forSuccessfulCommand('pg_isready -q -h 127.0.0.1 -U postgres -d postgres'))
      .start()
  );
}

async function startRedis(image: string): Promise<StartedTestContainer> {
  return container(image)
    .withCommand(['redis-server', '--save', '', '--appendonly', 'no', '--protected-mode', 'no'])
    .withExposedPorts(6379)
    .withWaitStrategy(Wait.forLogMessage('Ready to accept connections'))
    .start();
}

/**
 * A client must reach the broker at the address it advertises, so the broker listens inside on
 * the very port it is published on outside: one free port, chosen before the start.
 */
async function startKafka(image: string, engine: ContainerRuntimeClient): Promise<StartedTestContainer> {
  const port = await new RandomPortGenerator().generatePort();
  return container(image)
    .withEnvironment({
      KAFKA_NODE_ID: '1',
      KAFKA_PROCESS_ROLES: 'broker,controller',
      KAFKA_CONTROLLER_QUORUM_VOTERS: '1@127.0.0.1:9093',
      KAFKA_LISTENERS: `PLAINTEXT://:${port},CONTROLLER://127.0.0.1:9093`,
      KAFKA_ADVERTISED_LISTENERS: `PLAINTEXT://${engine.info.containerRuntime.host}:${port}`,
      KAFKA_CONTROLLER_LISTENER_NAMES: 'CONTROLLER',
      KAFKA_INTER_BROKER_LISTENER_NAME: 'PLAINTEXT',
      KAFKA_LISTENER_SECURITY_PROTOCOL_MAP: 'CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT',
      KAFKA_NUM_PARTITIONS: '3',
      // Topics come from the catalogue, as with the local broker.
      KAFKA_AUTO_CREATE_TOPICS_ENABLE: 'false',
      KAFKA_OFFSETS_TOPIC_REPLICATION_FACTOR: '1',
      KAFKA_OFFSETS_TOPIC_NUM_PARTITIONS: '5',
      KAFKA_TRANSACTION_STATE_LOG_REPLICATION_FACTOR: '1',
      KAFKA_TRANSACTION_STATE_LOG_MIN_ISR: '1',
      KAFKA_SHARE_COORDINATOR_STATE_TOPIC_REPLICATION_FACTOR: '1',
      KAFKA_SHARE_COORDINATOR_STATE_TOPIC_MIN_ISR: '1',
      KAFKA_GROUP_INITIAL_REBALANCE_DELAY_MS: '0',
    })
    .withExposedPorts({ container: port, host: port })
    .withWaitStrategy(Wait.forLogMessage('Kafka Server started'))
    .start();
}

/** Stops and removes this run's containers, also one whose start failed half way (testcontainers leaves those). */
async function removeRunContainers(engine: ContainerRuntimeClient): Promise<void> {
  const ours = (await engine.container.list()).filter((c) => c.Labels[runLabel] === String(process.pid));
  await Promise.all(
    ours.map(async ({ Id }) => {
      const c = engine.container.getById(Id);
      // Throwaway data: no graceful shutdown to wait for.
      await engine.container.stop(c, { timeout: 0 });
      await engine.container.remove(c, { removeVolumes: true });
    }),
  );
}

function fulfilled<T>(result: PromiseSettledResult<T>): T {
  if (result.status === 'rejected') throw result.reason;
  return result.value;
}

/** Starts the three side by side; when one fails, removes the others and throws. */
export async function startTestInfrastructure(engine: ContainerRuntimeClient): Promise<TestInfrastructure> {
  const [postgresImage, redisImage, kafkaImage] = await Promise.all([imageFor(engine, 'postgres'), imageFor(engine, 'redis'), imageFor(engine, 'kafka')]);
  try {
    // All settled before any failure is thrown, so that the clean-up finds every container.
    const settled = await Promise.allSettled([startPostgres(postgresImage), startRedis(redisImage), startKafka(kafkaImage, engine)]);
    const [postgres, redis, kafka] = [fulfilled(settled[0]), fulfilled(settled[1]), fulfilled(settled[2])];
    const env = {
      DATABASE_URL: `postgres://postgres@${postgres.getHost()}:${postgres.getMappedPort(5432)}/postgres`,
      REDIS_URL: `redis://${redis.getHost()}:${redis.getMappedPort(6379)}`,
      KAFKA_BROKERS: `${kafka.getHost()}:${kafka.getFirstMappedPort()}`,
    };
    // The catalogue's topics without a namespace, as deploy/local-infra/kafka.sh makes them.
    await ensureTopics({ brokers: [env.KAFKA_BROKERS] });
    return { env, containerIds: [postgres, redis, kafka].map((c) => c.getId()), stop: () => removeRunContainers(engine) };
  } catch (error) {
    await removeRunContainers(engine);
    throw new Error(
      `starting the test containers failed (images ${postgresImage}, ${redisImage}, ${kafkaImage}; BETTERPLUS_TESTCONTAINERS=0 runs without them)`,
      { cause: error },
    );
  }
}
