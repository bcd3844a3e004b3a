export { bearerFor, createTestStack, eventually, realInfrastructure, startOnEachDatabase } from './test-stack.ts';
export type { TestStack } from './test-stack.ts';
export { startSmtpServer, unfolded } from './smtp-server.ts';
export type { ReceivedMail, SmtpServer } from './smtp-server.ts';
export { recordSpans } from './tracing.ts';
export type { ReadableSpan } from './tracing.ts';
export { published } from './published.ts';
export type { PublishedEvent } from './published.ts';
