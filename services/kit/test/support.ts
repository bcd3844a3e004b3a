// Shared helpers for the kit's own tests. Each helper picks the real adapter when the
// environment names the infrastructure (DATABASE_URL, KAFKA_BROKERS, REDIS_URL) and the
// embedded one otherwise, so every test file runs the same way against both.
import { randomBytes } from 'node:crypto';
import { createPgliteDatabase, createPostgresDatabase, createInProcessBus, createKafkaBus, createLogger, migrate } from '../src/index.ts';
import type { BusMessage, Database, EventBus, Subscription } from '../src/index.ts';
import { createTestStack, realInfrastructure, type TestStack } from '../src/testing/index.ts';

export const silentLogger = createLogger('kit-test', 'silent');

export const kitMigrations = new URL('../migrations/', import.meta.url);

export const uniqueId = (): string => randomBytes(4).toString('hex');

/**
 * What pg warned while `work` ran of queries sent on a connection already running one: pg 8
 * queues them, pg 9 will refuse them. pg warns once per process, so a test file asks once.
 */
export async function busyConnectionWarnings(work: () => Promise<void>): Promise<string[]> {
  const warnings: string[] = [];
  const onWarning = (warning: Error) => warnings.push(warning.message);
  process.on('warning', onWarning);
  try {
    await work();
    // Warnings are emitted on the next tick.
    await new Promise((resolve) => setImmediate(resolve));
  } finally {
    process.off('warning', onWarning);
  }
  return warnings.filter((message) => message.includes('already executing a query'));
}

export interface DatabaseAdapter {
  name: 'pglite' | 'postgres';
  /** A fresh, empty database; the caller closes it. */
  open(): Promise<Database>;
}

const pglite: DatabaseAdapter = { name: 'pglite', open: () => createPgliteDatabase() };

/** A new database on the test server per `open`; `stack` drops them when it closes. */
const postgres = (stack: TestStack): DatabaseAdapter => ({
  name: 'postgres',
  async open() {
    const url = await stack.databaseUrl('kit');
    if (!url) throw new Error('DATABASE_URL is not set');
    return createPostgresDatabase(url, 5);
  },
});

/** PGlite always, PostgreSQL too when DATABASE_URL is set: for tests of the adapters themselves. */
export const databaseAdapters = (stack: TestStack): DatabaseAdapter[] => (realInfrastructure.postgres ? [pglite, postgres(stack)] : [pglite]);

/**
 * A `notes` table whose every write NOTIFYs `notes_changed` with the note's id, as a service's
 * migration would set one up for a notified cache.
 */
export async function createNotifiedNotes(db: Database): Promise<void> {
  await db.exec(`
    CREATE TABLE notes (id text PRIMARY KEY, body text NOT NULL);
    CREATE FUNCTION notes_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN PERFORM pg_notify('notes_changed', NEW.id); RETURN NULL; END $$;
    CREATE TRIGGER notes_changed AFTER INSERT OR UPDATE ON notes FOR EACH ROW EXECUTE FUNCTION notes_changed();`);
}

/** The database the environment gives a service: PostgreSQL when DATABASE_URL is set, else PGlite. */
export const environmentDatabase = (stack: TestStack): DatabaseAdapter => (realInfrastructure.postgres ? postgres(stack) : pglite);

/** A fresh database of the environment's kind with the kit's outbox and inbox tables. */
export async function openKitDatabase(stack: TestStack): Promise<Database> {
  const db = await environmentDatabase(stack).open();
  await migrate(db, [{ scope: 'kit', dir: kitMigrations }]);
  return db;
}

/** A fresh bus: Kafka under a namespace of its own when KAFKA_BROKERS is set, else in-process. */
export function openBus(): EventBus {
  if (!realInfrastructure.kafka) return createInProcessBus(10);
  return createKafkaBus({
    brokers: realInfrastructure.kafka.split(',').map((b) => b.trim()),
    clientId: 'kit-test',
    logger: silentLogger,
    namespace: `kit-test-${uniqueId()}.`,
    createTopicsOnUse: true,
  });
}

export interface Collector {
  messages: BusMessage[];
  subscription: Subscription;
}

/** Subscribes a consumer group that records every message it is given. */
export async function collect(bus: EventBus, group: string, topics: readonly string[]): Promise<Collector> {
  const messages: BusMessage[] = [];
  const subscription = await bus.subscribe({
    group,
    topics,
    handle: async (message) => {
      messages.push(message);
    },
  });
  return { messages, subscription };
}

/**
 * Buses and databases a test file opens, closed together at its end. Kafka consumers take a few
 * seconds to leave their group, so the buses close in parallel rather than one after another.
 */
export function testResources(stack: TestStack) {
  const buses: EventBus[] = [];
  const databases: Database[] = [];
  return {
    bus(): EventBus {
      const bus = openBus();
      buses.push(bus);
      return bus;
    },
    async kitDatabase(): Promise<Database> {
      const db = await openKitDatabase(stack);
      databases.push(db);
      return db;
    },
    async close(): Promise<void> {
      await Promise.all(buses.map((bus) => bus.close()));
      await Promise.all(databases.map((db) => db.close()));
      await stack.close();
    },
  };
}

export { createTestStack, realInfrastructure };
export type { TestStack };
