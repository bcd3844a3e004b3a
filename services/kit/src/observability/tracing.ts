import {
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  context,
  defaultTextMapGetter,
  defaultTextMapSetter,
  trace,
  type Attributes,
  type Context,
  type Span,
} from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, type SpanExporter } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import type { FastifyInstance, FastifyRequest } from 'fastify';

export { SpanKind };

/**
 * Spans go through the global OpenTelemetry API: until a tracer provider is registered (OTLP
 * configured, or a test's in-memory exporter) every span is a no-op and no context is kept, so
 * tracing that is off costs next to nothing.
 */
const w3c = new W3CTraceContextPropagator();

/** The W3C `traceparent` of the active span, or '' when there is none (tracing off). */
export function currentTraceparent(): string {
  const carrier: Record<string, string> = {};
  w3c.inject(context.active(), carrier, defaultTextMapSetter);
  return carrier.traceparent ?? '';
}

/** A context whose parent is the span a `traceparent` names (an event's, a request's). */
export function contextFromTraceparent(traceparent: string | undefined): Context {
  return traceparent ? w3c.extract(ROOT_CONTEXT, { traceparent }, defaultTextMapGetter) : ROOT_CONTEXT;
}

export interface SpanOptions {
  kind: SpanKind;
  /** The parent; the active context when absent. */
  parent?: Context;
  attributes?: Attributes;
}

/** Starts a span that `endSpan` ends: for work that is not one awaited call. */
export function startSpan(tracerName: string, name: string, options: SpanOptions): Span {
  return trace
    .getTracer(tracerName)
    .startSpan(name, { kind: options.kind, ...(options.attributes ? { attributes: options.attributes } : {}) }, options.parent ?? context.active());
}

/** Ends a span, recording `failure` when there is one. */
export function endSpan(span: Span, failure?: unknown): void {
  if (failure !== undefined) {
    span.recordException(failure instanceof Error ? failure : JSON.stringify(failure));
    span.setStatus({ code: SpanStatusCode.ERROR });
  }
  span.end();
}

/** Runs `work` in a new span, active for everything `work` awaits; the span records a failure. */
export async function inSpan<T>(tracerName: string, name: string, options: SpanOptions, work: (span: Span) => Promise<T>): Promise<T> {
  const parent = options.parent ?? context.active();
  const span = startSpan(tracerName, name, { ...options, parent });
  let failure: unknown;
  try {
    return await context.with(trace.setSpan(parent, span), () => work(span));
  } catch (error) {
    failure = error;
    throw error;
  } finally {
    endSpan(span, failure);
  }
}

const requestSpans = new WeakMap<FastifyRequest, { span: Span; context: Context }>();

export interface TraceRequestsOptions {
  /** Rewrite the request's `traceparent` to this server span, so a proxy forwards it (the gateway). */
  propagate?: boolean;
}

/**
 * A server span per request, child of the caller's `traceparent` when it sends one, and active
 * while the route's handlers run, so events they record carry it into the outbox.
 */
export function traceRequests(app: FastifyInstance, tracerName: string, options: TraceRequestsOptions = {}): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const parent = w3c.extract(ROOT_CONTEXT, request.headers, defaultTextMapGetter);
    const span = trace
      .getTracer(tracerName)
      .startSpan(
        `${request.method} ${request.url.split('?')[0] ?? ''}`,
        { kind: SpanKind.SERVER, attributes: { 'http.request.method': request.method } },
        parent,
      );
    if (!span.isRecording()) {
      done();
      return;
    }
    const active = trace.setSpan(parent, span);
    requestSpans.set(request, { span, context: active });
    if (options.propagate) {
      delete request.headers.tracestate;
      w3c.inject(active, request.headers, defaultTextMapSetter);
    }
    done();
  });
  app.addHook('preHandler', (request, _reply, done) => {
    const traced = requestSpans.get(request);
    if (traced) context.with(traced.context, done);
    else done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    const traced = requestSpans.get(request);
    if (traced) {
      const route = request.routeOptions.url;
      if (route) traced.span.updateName(`${request.method} ${route}`);
      traced.span.setAttributes({ 'http.response.status_code': reply.statusCode, ...(route ? { 'http.route': route } : {}) });
      if (reply.statusCode >= 500) traced.span.setStatus({ code: SpanStatusCode.ERROR });
      traced.span.end();
      requestSpans.delete(request);
    }
    done();
  });
}

export interface TracingSettings {
  OTEL_TRACES_EXPORTER?: string | undefined;
  OTEL_EXPORTER_OTLP_ENDPOINT?: string | undefined;
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?: string | undefined;
  OTEL_SERVICE_NAME?: string | undefined;
}

/** Tracing is on with `OTEL_TRACES_EXPORTER=otlp`, or an OTLP endpoint unless the exporter is `none`. */
export const tracingEnabled = (settings: TracingSettings): boolean =>
  settings.OTEL_TRACES_EXPORTER === 'otlp' ||
  (settings.OTEL_TRACES_EXPORTER !== 'none' && Boolean(settings.OTEL_EXPORTER_OTLP_ENDPOINT ?? settings.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT));

let provider: { instance: NodeTracerProvider; users: number } | undefined;

/**
 * Registers one process-wide tracer provider exporting over OTLP/HTTP when the settings ask for
 * it (the first service of a process names the resource); stop() flushes when the last user stops.
 */
export function startTracing(service: string, settings: TracingSettings, exporter?: SpanExporter): { stop(): Promise<void> } {
  if (!tracingEnabled(settings)) return { stop: async () => undefined };
  if (!provider) {
    const base = settings.OTEL_EXPORTER_OTLP_ENDPOINT?.replace(/\/$/, '');
    const url = settings.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? (base ? `${base}/v1/traces` : undefined);
    const spanExporter = exporter ?? new OTLPTraceExporter(url ? { url } : {});
    const instance = new NodeTracerProvider({
      resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: settings.OTEL_SERVICE_NAME ?? service }),
      spanProcessors: [new BatchSpanProcessor(spanExporter)],
    });
    instance.register();
    provider = { instance, users: 0 };
  }
  const registered = provider;
  registered.users += 1;
  let stopped = false;
  return {
    async stop() {
      if (stopped) return;
      stopped = true;
      registered.users -= 1;
      if (registered.users > 0) return;
      if (provider === registered) provider = undefined;
      await registered.instance.shutdown();
      trace.disable();
      context.disable();
    },
  };
}
