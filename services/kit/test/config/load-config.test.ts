import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigError, Type, baseSettings, baseSettingsSchema, developmentOnlyMarker, loadConfig } from '../../src/index.ts';

const minimal = { JWT_PUBLIC_KEY: 'public key pem' };
const productionReady = {
  ...minimal,
  APP_ENV: 'production',
  DATABASE_URL: 'postgres://app@db:5432/identity',
  KAFKA_BROKERS: 'kafka-0:9092,kafka-1:9092',
  REDIS_URL: 'redis://cache:6379',
  PUBLIC_URL: 'https://betterplus.example',
};

/** The ConfigError `load` throws; fails the test when it throws nothing or something else. */
function configError(load: () => unknown): ConfigError {
  try {
    load();
  } catch (error) {
    assert.ok(error instanceof ConfigError, `expected a ConfigError, got ${String(error)}`);
    return error;
  }
  assert.fail('expected loadConfig to throw');
}

describe('loadConfig', () => {
  it('refuses a missing required setting and names it', () => {
    const error = configError(() => loadConfig(baseSettingsSchema, {}));
    assert.match(error.message, /JWT_PUBLIC_KEY/);
  });

  it('refuses a bad value and names only that setting', () => {
    for (const [setting, value] of [
      ['PORT', 'abc'],
      ['LOG_LEVEL', 'loud'],
      ['DATABASE_URL', 'mysql://x'],
      ['REDIS_URL', 'memcached://x'],
    ] as const) {
      const error = configError(() => loadConfig(baseSettingsSchema, { ...minimal, [setting]: value }));
      const named = Object.keys(baseSettings).filter((key) => new RegExp(`\\b${key}\\b`).test(error.message));
      assert.deepEqual(named, [setting], `${setting}=${value}: ${error.message}`);
    }
  });

  it('reports every bad setting in one error', () => {
    const error = configError(() => loadConfig(baseSettingsSchema, { PORT: 'abc', LOG_LEVEL: 'loud' }));
    for (const setting of ['PORT', 'LOG_LEVEL', 'JWT_PUBLIC_KEY']) assert.match(error.message, new RegExp(setting));
  });

  it('applies defaults, converts numbers and treats empty values as absent', () => {
    const config = loadConfig(baseSettingsSchema, { ...minimal, PORT: '9090', DATABASE_POOL_SIZE: '', UNRELATED: 'ignored' });
    assert.equal(config.PORT, 9090);
    assert.equal(config.DATABASE_POOL_SIZE, 10);
    assert.equal(config.APP_ENV, 'development');
    assert.equal(config.LOG_LEVEL, 'info');
    assert.equal(config.HOST, '0.0.0.0');
    assert.equal(config.BODY_LIMIT, 1_048_576);
    assert.equal(config.DATABASE_URL, undefined);
    assert.equal('UNRELATED' in config, false);
  });

  it("validates a service's own settings alongside the base ones", () => {
    const schema = Type.Object({ ...baseSettings, PRICE_PAISE: Type.Integer({ minimum: 1 }) });
    assert.match(configError(() => loadConfig(schema, minimal)).message, /PRICE_PAISE/);
    assert.equal(loadConfig(schema, { ...minimal, PRICE_PAISE: '49900' }).PRICE_PAISE, 49900);
  });

  describe('in production', () => {
    it('refuses to run on embedded adapters, naming each missing URL', () => {
      const error = configError(() => loadConfig(baseSettingsSchema, { ...minimal, APP_ENV: 'production' }));
      for (const setting of ['DATABASE_URL', 'KAFKA_BROKERS', 'REDIS_URL', 'PUBLIC_URL'])
        assert.match(error.message, new RegExp(`${setting}: required in production`));

      const oneMissing = configError(() => loadConfig(baseSettingsSchema, { ...productionReady, KAFKA_BROKERS: undefined }));
      assert.match(oneMissing.message, /KAFKA_BROKERS/);
      assert.doesNotMatch(oneMissing.message, /DATABASE_URL|REDIS_URL/);
    });

    it('refuses a value carrying the development-only marker', () => {
      const error = configError(() =>
        loadConfig(baseSettingsSchema, { ...productionReady, JWT_PUBLIC_KEY: `-----BEGIN PUBLIC KEY----- ${developmentOnlyMarker}` }),
      );
      assert.match(error.message, /JWT_PUBLIC_KEY: a development-only default/);
      // Outside production the marked values are the point: they make local runs work.
      assert.equal(loadConfig(baseSettingsSchema, { JWT_PUBLIC_KEY: developmentOnlyMarker }).JWT_PUBLIC_KEY, developmentOnlyMarker);
    });

    it('starts when every URL is set and no development value is present', () => {
      const config = loadConfig(baseSettingsSchema, productionReady);
      assert.equal(config.APP_ENV, 'production');
      assert.equal(config.KAFKA_BROKERS, productionReady.KAFKA_BROKERS);
    });

    it('requires PUBLIC_URL to be set, though it has a default for local runs', () => {
      assert.match(
        configError(() => loadConfig(baseSettingsSchema, { ...productionReady, PUBLIC_URL: undefined })).message,
        /PUBLIC_URL: required in production/,
      );
      assert.equal(loadConfig(baseSettingsSchema, minimal).PUBLIC_URL, 'http://localhost:8080');
    });
  });
});
