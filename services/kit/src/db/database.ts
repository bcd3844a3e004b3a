/** What queries need: PostgreSQL through `pg` and PGlite both satisfy it with the same SQL. */
export interface Queryable {
  query<Row extends object = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<Row>>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface QueryResult<Row> {
  rows: Row[];
  rowCount: number;
}

/**
 * A transaction whose work resolved but whose COMMIT rolled back: one of its statements had failed
 * and the caller caught that failure. Nothing of it was kept.
 */
export class TransactionRolledBack extends Error {
  constructor() {
    super('the transaction was rolled back: one of its statements failed');
  }
}

/** A statement sent through a transaction's handle after the transaction ended (a missing await). */
export const transactionEnded = (): Error => new Error('the transaction has ended');

/** What a LISTEN on a channel reports to its listener. */
export interface ChannelListener {
  /** A NOTIFY on the channel, delivered once the transaction that sent it committed. */
  onNotify(payload: string): void;
  /**
   * True once listening; false when the listening connection was lost, so that notifications
   * until the next true may have been missed.
   */
  onListening(listening: boolean): void;
}

export interface Database extends Queryable {
  /** Runs `work` in one transaction: committed if it resolves, rolled back if it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  /**
   * LISTENs on `channel` (a lower-case SQL identifier) until stopped: on a connection of its own
   * on PostgreSQL, connected again whenever it is lost.
   */
  listen(channel: string, listener: ChannelListener): { stop(): Promise<void> };
  /** Connections of a pool (PostgreSQL): all, idle, and callers waiting for one; absent for PGlite. */
  poolStats?(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

/** A channel name is written into LISTEN unquoted: only plain lower-case identifiers are taken. */
export function assertChannelName(channel: string): void {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
}
