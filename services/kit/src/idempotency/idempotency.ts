import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/database.ts';
import { AppError, badRequest } from '../http/errors.ts';

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

export interface IdempotentResponse<Body> {
  status: number;
  body: Body;
}

export interface IdempotentCall {
  /** Whose key it is (e.g. `subscribe:<userId>`): keys of different callers never meet. */
  scope: string;
  key: string;
  /** The request the key was first used with; the same key with another request is refused. */
  request: unknown;
}

const usableKey = /^[\x21-\x7e]{1,255}$/;

/** The request's Idempotency-Key header, if any; a malformed one is a 400. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || !usableKey.test(header))
    throw badRequest('Idempotency-Key must be 1 to 255 visible ASCII characters', 'INVALID_IDEMPOTENCY_KEY');
  return header;
}

const hashOf = (request: unknown): string =>
  createHash('sha256')
    .update(JSON.stringify(request ?? null))
    .digest('base64url');

/**
 * Runs `work` once per key: its answer is stored in the service's database, and a repeat of the
 * same request with the same key (a client retrying after a timeout) gets the stored answer
 * without the work running again. While the first is still running a repeat gets 409; the same
 * key with a different request gets 422. When `work` throws, nothing is stored and the key can
 * be used again.
 */
export async function runIdempotently<Body>(
  db: Database,
  call: IdempotentCall,
  work: () => Promise<IdempotentResponse<Body>>,
): Promise<IdempotentResponse<Body>> {
  const requestHash = hashOf(call.request);
  const claimed = await db.query('INSERT INTO idempotency_keys (scope, key, request_hash) VALUES ($1, $2, $3) ON CONFLICT (scope, key) DO NOTHING', [
    call.scope,
    call.key,
    requestHash,
  ]);
  if (claimed.rowCount === 0) {
    const { rows } = await db.query<{ request_hash: string; status: number | null; body: Body }>(
      'SELECT request_hash, status, body FROM idempotency_keys WHERE scope = $1 AND key = $2',
      [call.scope, call.key],
    );
    const stored = rows[0];
    if (!stored) return runIdempotently(db, call, work);
    if (stored.request_hash !== requestHash) throw new AppError(422, 'IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used for a different request');
    if (stored.status === null) throw new AppError(409, 'IDEMPOTENCY_KEY_IN_USE', 'A request with this Idempotency-Key is still in progress');
    return { status: stored.status, body: stored.body };
  }
  let response: IdempotentResponse<Body>;
  try {
    response = await work();
  } catch (error) {
    await db.query('DELETE FROM idempotency_keys WHERE scope = $1 AND key = $2', [call.scope, call.key]);
    throw error;
  }
  await db.query('UPDATE idempotency_keys SET status = $3, body = $4 WHERE scope = $1 AND key = $2', [
    call.scope,
    call.key,
    response.status,
    JSON.stringify(response.body),
  ]);
  return response;
}

/** Forgets answers older than `maxAgeHours` (clients retry within minutes, not days). */
export async function pruneIdempotencyKeys(db: Database, maxAgeHours: number): Promise<number> {
  const { rowCount } = await db.query('DELETE FROM idempotency_keys WHERE created_at < now() - make_interval(hours => $1)', [maxAgeHours]);
  return rowCount;
}
