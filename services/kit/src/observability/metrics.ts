import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * One registry per service: the embedded stack runs five services in one process, and each
 * must expose only its own figures at its own /metrics.
 */
export function createMetrics(service: string) {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: registry });
  return {
    registry,
    httpDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request duration by route and status',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    outboxPending: new Gauge({
      name: 'outbox_pending_events',
      help: 'Events written to the outbox and not yet published',
      registers: [registry],
    }),
    outboxLag: new Gauge({
      name: 'outbox_lag_seconds',
      help: 'Age of the oldest unpublished outbox event',
      registers: [registry],
    }),
    outboxPublished: new Counter({
      name: 'outbox_published_total',
      help: 'Events the outbox relay published',
      registers: [registry],
    }),
    outboxFailures: new Counter({
      name: 'outbox_publish_failures_total',
      help: 'Failed outbox publish attempts',
      registers: [registry],
    }),
    outboxParked: new Counter({
      name: 'outbox_parked_total',
      help: 'Outbox rows set aside after repeated publish failures, by topic',
      labelNames: ['topic'] as const,
      registers: [registry],
    }),
    outboxParkedEvents: new Gauge({
      name: 'outbox_parked_events',
      help: 'Outbox rows parked and waiting for an operator',
      registers: [registry],
    }),
    eventRowsAwaitingPrune: new Gauge({
      name: 'event_rows_awaiting_prune',
      help: 'Published outbox rows and processed-event records past their retention, not yet deleted',
      labelNames: ['table'] as const,
      registers: [registry],
    }),
    eventRowsPruned: new Counter({
      name: 'event_rows_pruned_total',
      help: 'Published outbox rows and processed-event records deleted after their retention',
      labelNames: ['table'] as const,
      registers: [registry],
    }),
    consumerLag: new Gauge({
      name: 'consumer_lag_seconds',
      help: 'Time between an event occurring and this service handling it, per topic',
      labelNames: ['topic'] as const,
      registers: [registry],
    }),
    consumedEvents: new Counter({
      name: 'consumer_events_total',
      help: 'Events handled, by topic and outcome (applied, duplicate, ignored, retried, dead_lettered)',
      labelNames: ['topic', 'outcome'] as const,
      registers: [registry],
    }),
    deadLettered: new Counter({
      name: 'events_dead_lettered_total',
      help: 'Messages this service sent to its dead-letter topic, by the topic they came from',
      labelNames: ['topic'] as const,
      registers: [registry],
    }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
