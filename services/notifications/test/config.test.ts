import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigError, loadConfig } from '@betterplus/kit';
import { notificationsSettings, supportAddress } from '../src/config.ts';

const base = { JWT_PUBLIC_KEY: 'a key', NOTIFICATIONS_PRIVATE_KEY: 'a key' };
const production = {
  ...base,
  APP_ENV: 'production',
  DATABASE_URL: 'postgres://db/notifications',
  KAFKA_BROKERS: 'kafka:9092',
  REDIS_URL: 'redis://redis:6379',
  PUBLIC_URL: 'https://betterplus.example',
};

describe('notifications settings', () => {
  it('sends contact mail to support@localhost and allows 5 per address and 20 per IP an hour by default', () => {
    const config = loadConfig(notificationsSettings, base);
    assert.equal(supportAddress(config), 'support@localhost');
    assert.equal(config.CONTACT_MESSAGES_PER_HOUR_PER_EMAIL, 5);
    assert.equal(config.CONTACT_MESSAGES_PER_HOUR_PER_IP, 20);
    assert.equal(supportAddress(loadConfig(notificationsSettings, { ...base, SUPPORT_EMAIL: 'help@betterplus.example' })), 'help@betterplus.example');
  });

  it('refuses production without a real mail server and support address', () => {
    assert.throws(
      () => loadConfig(notificationsSettings, production),
      (error: unknown) => {
        assert.ok(error instanceof ConfigError);
        assert.match(error.message, /SMTP_URL: required in production/);
        assert.match(error.message, /SUPPORT_EMAIL: required in production/);
        return true;
      },
    );
    const config = loadConfig(notificationsSettings, { ...production, SMTP_URL: 'smtps://u:p@smtp.example:465', SUPPORT_EMAIL: 'help@betterplus.example' });
    assert.equal(supportAddress(config), 'help@betterplus.example');
  });
});
