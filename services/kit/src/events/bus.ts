/** A message on the bus: the encoded envelope, keyed so one user's events stay in order. */
export interface BusMessage {
  topic: string;
  key: string;
  value: Uint8Array;
  headers?: Record<string, string>;
}

export interface SubscribeOptions {
  /** Consumer group: the service name, so replicas share the work. */
  group: string;
  topics: readonly string[];
  /**
   * Resolving acknowledges the message; throwing leaves it unacknowledged so it is delivered
   * again (the kit's consumer bounds the retries and dead-letters before that happens).
   */
  handle: (message: BusMessage) => Promise<void>;
}

export interface Subscription {
  stop(): Promise<void>;
}

/** The event-bus port: Kafka in the real stack, in-process in the embedded one. */
export interface EventBus {
  publish(messages: readonly BusMessage[]): Promise<void>;
  subscribe(options: SubscribeOptions): Promise<Subscription>;
  ping(): Promise<void>;
  close(): Promise<void>;
}
