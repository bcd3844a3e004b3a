import { InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';

export type { ReadableSpan };

/** Registers a process-wide tracer provider that keeps every finished span in memory, for tests. */
export function recordSpans(): { spans(): ReadableSpan[]; stop(): Promise<void> } {
  const exporter = new InMemorySpanExporter();
  const provider = new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  provider.register();
  return { spans: () => exporter.getFinishedSpans(), stop: () => provider.shutdown() };
}
