/** Cache, rate-limit counters and revocations: Redis in the real stack, memory in the embedded one. */
export interface Cache {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string, ttlSeconds: number): Promise<void>;
  delete(key: string): Promise<void>;
  /** Adds one and returns the new count; the first increment starts the window of `ttlSeconds`. */
  increment(key: string, ttlSeconds: number): Promise<number>;
  ping(): Promise<void>;
  close(): Promise<void>;
}
