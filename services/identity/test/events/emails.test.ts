import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createSecretOpener, generateSecretKeys, sealedSecretContext, type BusMessage, type Subscription } from '@betterplus/kit';
import { eventually, type TestStack } from '@betterplus/kit/testing';
import { OtpRequestedEvent, PasswordResetRequestedEvent, topics } from '@betterplus/events';
import { latestOtp, login, published, registerUser, resetTokenSent, startIdentity, type Identity } from '../support/identity.ts';

let stack: TestStack;
let identity: Identity;
let watch: Subscription;
const onTheBus: BusMessage[] = [];

before(async () => {
  ({ stack, identity } = await startIdentity());
  // What a consumer of identity's topics reads: Kafka when KAFKA_BROKERS is set, the in-process bus otherwise.
  watch = await identity.deps.bus.subscribe({
    group: 'secrets-probe',
    topics: [topics.identitySignup, topics.identityUser],
    handle: async (message) => {
      onTheBus.push(message);
    },
  });
});
after(async () => {
  await watch.stop();
  await stack.close();
});

/** Every form a secret could take in the bytes: as text, and for the base64url token its raw bytes too. */
function forms(secret: string): Buffer[] {
  const raw = Buffer.from(secret, 'base64url');
  return [Buffer.from(secret), ...(raw.length >= 16 ? [raw, Buffer.from(raw.toString('hex')), Buffer.from(raw.toString('base64'))] : [])];
}

function assertAbsent(where: string, bytes: Uint8Array[], secret: string): void {
  for (const chunk of bytes) for (const form of forms(secret)) assert.equal(Buffer.from(chunk).includes(form), false, `${where} holds the secret`);
}

async function outboxBytes(): Promise<Uint8Array[]> {
  const { rows } = await identity.deps.db.query<{ envelope: Uint8Array; key: string; type: string }>('SELECT envelope, key, type FROM outbox');
  return rows.flatMap((row) => [row.envelope, Buffer.from(row.key), Buffer.from(row.type)]);
}

describe('codes and reset tokens leave identity only sealed to notifications', () => {
  const email = 'sealed@example.in';
  let code: string;
  let token: string;

  before(async () => {
    await registerUser(identity, { name: 'Sealed', email, password: 'sealed password' });
    code = await latestOtp(identity, email);
    assert.equal((await identity.app.inject({ method: 'POST', url: '/api/reset-password', payload: { email } })).statusCode, 200);
    token = await resetTokenSent(identity, email, 0);
  });

  it('the outbox holds neither the code nor the token, yet notifications opens both', async () => {
    assert.match(code, /^\d{6}$/);
    assert.match(token, /^[\w-]{43}$/);
    const bytes = await outboxBytes();
    assertAbsent('the outbox', bytes, token);
    assertAbsent('the outbox', bytes, code);
    const [otp] = (await published(identity, OtpRequestedEvent)).filter((e) => e.payload.email === email);
    // eslint-disable-next-line @typescript-eslint/no-deprecated -- the plaintext field must stay empty
    assert.equal(otp?.payload.code, '');
  });

  it('the messages on the bus hold neither', async () => {
    const otpMessage = await eventually(async () => onTheBus.find((m) => m.topic === topics.identitySignup && m.key === email));
    const resetMessage = await eventually(async () =>
      onTheBus.find((m) => m.topic === topics.identityUser && Buffer.from(m.value).includes(Buffer.from(PasswordResetRequestedEvent.schema.typeName))),
    );
    assertAbsent('the reset message', [resetMessage.value], token);
    assertAbsent('the OTP message', [otpMessage.value], code);
    const [otp] = (await published(identity, OtpRequestedEvent)).filter((e) => e.payload.email === email);
    assert.ok(otp && Buffer.from(otpMessage.value).includes(Buffer.from(otp.payload.sealedCode)), 'the bus carries the sealed code as the outbox has it');
  });

  it("without notifications' private key the token cannot be recovered: another key fails, and the token found in the outbox resets nothing", async () => {
    const [reset] = (await published(identity, PasswordResetRequestedEvent)).filter((e) => e.payload.email === email);
    assert.ok(reset);
    const stranger = createSecretOpener(generateSecretKeys().privateKeyPem);
    assert.throws(() => stranger(reset.payload.sealedToken, sealedSecretContext(PasswordResetRequestedEvent.schema.typeName, email)));
    // eslint-disable-next-line @typescript-eslint/no-deprecated -- what a reader of the outbox would try
    const plain = reset.payload.token;
    const attempt = await identity.app.inject({
      method: 'POST',
      url: '/api/reset-password/verify',
      payload: { token: plain || 'x', newPassword: 'stolen password' },
    });
    assert.equal(attempt.statusCode, 400);
    assert.equal((await login(identity, email, 'sealed password')).statusCode, 200);
  });
});
