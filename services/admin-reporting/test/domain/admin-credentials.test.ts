import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { hash, type Algorithm } from '@node-rs/argon2';
import { ConfigError, loadConfig } from '@betterplus/kit';
import { adminReportingSettings } from '../../src/config.ts';
import { adminCredentials, weaknessOf } from '../../src/domain/admin-credentials.ts';

// A const enum: its members cannot be imported under isolatedModules.
// eslint-disable-next-line @typescript-eslint/no-unsafe-enum-assignment
const argon2id: Algorithm = 2;
const config = (env: Record<string, string>) => loadConfig(adminReportingSettings, { JWT_PUBLIC_KEY: 'test-key', ...env });
const production = {
  APP_ENV: 'production',
  DATABASE_URL: 'postgres://db/x',
  KAFKA_BROKERS: 'kafka:9092',
  REDIS_URL: 'redis://cache',
  PUBLIC_URL: 'https://betterplus.example',
};

describe('the admin account', () => {
  it('calls short, common or name-like passwords weak, and long random ones strong', () => {
    for (const weak of ['admin', 'password1234', 'Betterplus2026!', 'curator-curator']) assert.ok(weaknessOf(weak, 'curator'), weak);
    assert.equal(weaknessOf('tX9#qL2v!mR7@wK4', 'curator'), undefined);
  });

  it('checks a plain password in constant time and a hash with argon2id', async () => {
    const plain = adminCredentials(config({ ADMIN_USERNAME: 'curator', ADMIN_PASSWORD: 'tX9#qL2v!mR7@wK4' }));
    assert.equal(await plain?.verifyPassword('tX9#qL2v!mR7@wK4'), true);
    assert.equal(await plain?.verifyPassword('tX9#qL2v!mR7@wK'), false);
    const hashed = adminCredentials(config({ ADMIN_USERNAME: 'curator', ADMIN_PASSWORD_HASH: await hash('tX9#qL2v!mR7@wK4', { algorithm: argon2id }) }));
    assert.equal(await hashed?.verifyPassword('tX9#qL2v!mR7@wK4'), true);
    assert.equal(await hashed?.verifyPassword('wrong'), false);
    assert.equal(adminCredentials(config({})), undefined, 'no account: every admin call is refused');
  });

  it('refuses to start in production without a password, with a weak one, or without a username', () => {
    assert.throws(() => adminCredentials(config({ ...production, ADMIN_USERNAME: 'curator' })), ConfigError);
    assert.throws(() => adminCredentials(config({ ...production, ADMIN_USERNAME: 'curator', ADMIN_PASSWORD: 'curator2026' })), /too weak/);
    assert.throws(() => config({ ...production, ADMIN_PASSWORD: 'tX9#qL2v!mR7@wK4' }), /ADMIN_USERNAME/);
    assert.ok(adminCredentials(config({ ...production, ADMIN_USERNAME: 'curator', ADMIN_PASSWORD: 'tX9#qL2v!mR7@wK4' })));
  });
});
