/** A message on the bus: the encoded envelope, keyed so one user's events stay in order. */
export interface BusMessage {
  topic: string;
  key: string;
  value: Uint8Array;
  headers?: Record<string, string>;
}

/** What a bus lets a handler do while it holds a message. */
export interface Delivery {
  /** Keeps the consumer's place in its group during a long retry (Kafka's heartbeat); may throw when the group rebalances. */
  heartbeat(): Promise<void>;
}

export interface SubscribeOptions {
  /** Consumer group: the service name, so replicas share the work. */
  group: string;
  topics: readonly string[];
  /**
   * Resolving acknowledges the message; throwing leaves it unacknowledged so it is delivered
   * again. Nothing behind it on its partition is handled until it resolves (the kit's consumer
   * retries transient failures inside the call, with `delivery` to stay in its group).
   */
  handle: (message: BusMessage, delivery?: Delivery) => Promise<void>;
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
