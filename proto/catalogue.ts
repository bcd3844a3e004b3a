// The event catalogue: which message travels on which topic. Topics are named by owner,
// entity and version and keyed by user id where there is one (ARCHITECTURE.md, Events).
import type { DescMessage } from '@bufbuild/protobuf';
import { OtpRequestedSchema } from './gen/betterplus/identity/v1/signup_pb.ts';
import { PasswordResetRequestedSchema, SessionsRevokedSchema, UserRegisteredSchema, UserUpdatedSchema } from './gen/betterplus/identity/v1/user_pb.ts';
import { ContactSubmittedSchema } from './gen/betterplus/notifications/v1/contact_pb.ts';

export interface EventDefinition<Desc extends DescMessage = DescMessage> {
  readonly topic: string;
  readonly schema: Desc;
}

const defineEvent = <Desc extends DescMessage>(topic: string, schema: Desc): EventDefinition<Desc> => ({ topic, schema });

export const topics = {
  identityUser: 'identity.user.v1',
  identitySignup: 'identity.signup.v1',
  notificationsContact: 'notifications.contact.v1',
} as const;

export const UserRegisteredEvent = defineEvent(topics.identityUser, UserRegisteredSchema);
export const UserUpdatedEvent = defineEvent(topics.identityUser, UserUpdatedSchema);
export const PasswordResetRequestedEvent = defineEvent(topics.identityUser, PasswordResetRequestedSchema);
export const SessionsRevokedEvent = defineEvent(topics.identityUser, SessionsRevokedSchema);
export const OtpRequestedEvent = defineEvent(topics.identitySignup, OtpRequestedSchema);
export const ContactSubmittedEvent = defineEvent(topics.notificationsContact, ContactSubmittedSchema);
