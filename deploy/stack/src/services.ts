import type { ServiceDefinition } from '@betterplus/kit';
import type { ServiceName } from '@betterplus/gateway';
import { adminReportingService } from '@betterplus/admin-reporting';
import { billingService } from '@betterplus/billing';
import { chatService } from '@betterplus/chat';
import { identityService } from '@betterplus/identity';
import { notificationsService } from '@betterplus/notifications';

/** The five services in start order; identity first, since the others verify its tokens. */
export const services: Record<ServiceName, ServiceDefinition> = {
  identity: identityService,
  billing: billingService,
  chat: chatService,
  notifications: notificationsService,
  'admin-reporting': adminReportingService,
};

/** Where each service listens in the embedded stack; the gateway alone faces the browser. */
export const embeddedPorts: Record<ServiceName, number> = {
  identity: 3001,
  billing: 3002,
  chat: 3003,
  notifications: 3004,
  'admin-reporting': 3005,
};
