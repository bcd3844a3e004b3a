import { pino, type Logger, type LoggerOptions } from 'pino';

/** Paths never written to logs, whichever service logs them. */
export const redactedPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.newPassword',
  '*.currentPassword',
  '*.token',
  '*.otp',
  '*.privateKey',
  'config.JWT_PRIVATE_KEY',
  'config.NOTIFICATIONS_PRIVATE_KEY',
  'config.DATABASE_URL',
  'config.REDIS_URL',
];

export function loggerOptions(service: string, level: string): LoggerOptions {
  return {
    level,
    base: { service },
    redact: { paths: redactedPaths, censor: '[redacted]' },
    timestamp: pino.stdTimeFunctions.isoTime,
  };
}

/** `destination`: where the lines go instead of stdout (tests that read what a service logs). */
export function createLogger(service: string, level: string, destination?: { write(line: string): void }): Logger {
  return destination ? pino(loggerOptions(service, level), destination) : pino(loggerOptions(service, level));
}

export type { Logger };
