export * from './gen/betterplus/events/v1/envelope_pb.ts';
export * from './gen/betterplus/identity/v1/user_pb.ts';
export { topics, UserRegisteredEvent, UserUpdatedEvent } from './catalogue.ts';
export type { EventDefinition } from './catalogue.ts';
