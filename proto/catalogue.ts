// The event catalogue: which message travels on which topic. Topics are named by owner,
// entity and version and keyed by user id (ARCHITECTURE.md, Events).
import type { DescMessage } from '@bufbuild/protobuf';
import { UserRegisteredSchema, UserUpdatedSchema } from './gen/betterplus/identity/v1/user_pb.ts';

export interface EventDefinition<Desc extends DescMessage = DescMessage> {
  readonly topic: string;
  readonly schema: Desc;
}

const defineEvent = <Desc extends DescMessage>(topic: string, schema: Desc): EventDefinition<Desc> => ({ topic, schema });

export const topics = {
  identityUser: 'identity.user.v1',
} as const;

export const UserRegisteredEvent = defineEvent(topics.identityUser, UserRegisteredSchema);
export const UserUpdatedEvent = defineEvent(topics.identityUser, UserUpdatedSchema);
