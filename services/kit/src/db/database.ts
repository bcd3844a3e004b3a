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

export interface Database extends Queryable {
  /** Runs `work` in one transaction: committed if it resolves, rolled back if it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  /** Connections of a pool (PostgreSQL): all, idle, and callers waiting for one; absent for PGlite. */
  poolStats?(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}
