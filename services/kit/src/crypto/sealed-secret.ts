import {
  createCipheriv,
  createDecipheriv,
  createPrivateKey,
  createPublicKey,
  diffieHellman,
  generateKeyPairSync,
  hkdfSync,
  randomBytes,
  type KeyObject,
} from 'node:crypto';
import { ConfigError } from '../config/load-config.ts';

/**
 * Secrets one service hands another through events (OTP codes, reset tokens), sealed to the
 * receiver's X25519 public key so that the outbox, the broker and anyone who reads them hold
 * only ciphertext. An ECIES construction from node:crypto: a fresh ephemeral key per secret,
 * X25519 agreement, HKDF-SHA256, AES-256-GCM. The context (what the secret is for and whom it
 * goes to) is authenticated, so a sealed value cannot be moved into another event or address.
 *
 * Layout: version (1) | ephemeral public key (32) | nonce (12) | tag (16) | ciphertext.
 */
const version = 1;
const keyLength = 32;
const nonceLength = 12;
const tagLength = 16;
const headerLength = 1 + keyLength + nonceLength + tagLength;
const info = Buffer.from('betterplus sealed secret v1');

export interface SecretKeys {
  /** X25519, SPKI PEM: for the sender. */
  publicKeyPem: string;
  /** X25519, PKCS#8 PEM: only the receiver holds it. */
  privateKeyPem: string;
}

export type SealSecret = (secret: string, context: string) => Uint8Array;
export type OpenSecret = (sealed: Uint8Array, context: string) => string;

/**
 * The context both sides seal and open with: the event's protobuf type and the address the
 * secret is mailed to, so neither can be swapped.
 */
export const sealedSecretContext = (eventType: string, recipient: string): string => `${eventType}:${recipient}`;

export function generateSecretKeys(): SecretKeys {
  const { publicKey, privateKey } = generateKeyPairSync('x25519');
  return { publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }), privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }) };
}

/** The key in `pem`, or a ConfigError naming the setting it came from. */
function x25519Key(pem: string, read: (pem: string) => KeyObject, setting: string): KeyObject {
  let key: KeyObject | undefined;
  try {
    key = read(pem);
  } catch {
    // Reported below without the parser's message, which may quote the key.
  }
  if (key?.asymmetricKeyType !== 'x25519') throw new ConfigError(`${setting}: not an X25519 key in PEM`);
  return key;
}

const rawPublicKey = (key: KeyObject): Buffer => Buffer.from(key.export({ format: 'jwk' }).x ?? '', 'base64url');

function deriveKey(shared: Buffer, ephemeral: Buffer, recipient: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', shared, Buffer.concat([ephemeral, recipient]), info, keyLength));
}

/** Throws a ConfigError naming `setting` at once for a key that is not an X25519 public key, so a bad setting fails at start. */
export function createSecretSealer(publicKeyPem: string, setting = 'sealing public key'): SealSecret {
  const recipient = x25519Key(publicKeyPem, createPublicKey, setting);
  const recipientRaw = rawPublicKey(recipient);
  return (secret, context) => {
    const ephemeral = generateKeyPairSync('x25519');
    const ephemeralRaw = rawPublicKey(ephemeral.publicKey);
    const key = deriveKey(diffieHellman({ privateKey: ephemeral.privateKey, publicKey: recipient }), ephemeralRaw, recipientRaw);
    const nonce = randomBytes(nonceLength);
    const cipher = createCipheriv('aes-256-gcm', key, nonce).setAAD(Buffer.from(context));
    const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return Buffer.concat([Buffer.of(version), ephemeralRaw, nonce, cipher.getAuthTag(), ciphertext]);
  };
}

/** Opens what the matching sealer sealed for the same context; throws for anything else. */
export function createSecretOpener(privateKeyPem: string, setting = 'sealing private key'): OpenSecret {
  const own = x25519Key(privateKeyPem, createPrivateKey, setting);
  const ownRaw = rawPublicKey(createPublicKey(own));
  return (sealed, context) => {
    const bytes = Buffer.from(sealed);
    if (bytes.length < headerLength || bytes[0] !== version) throw new Error('not a sealed secret');
    const ephemeralRaw = bytes.subarray(1, 1 + keyLength);
    const nonce = bytes.subarray(1 + keyLength, 1 + keyLength + nonceLength);
    const tag = bytes.subarray(1 + keyLength + nonceLength, headerLength);
    const ephemeral = createPublicKey({ key: { kty: 'OKP', crv: 'X25519', x: ephemeralRaw.toString('base64url') }, format: 'jwk' });
    const key = deriveKey(diffieHellman({ privateKey: own, publicKey: ephemeral }), ephemeralRaw, ownRaw);
    const decipher = createDecipheriv('aes-256-gcm', key, nonce).setAAD(Buffer.from(context)).setAuthTag(tag);
    return Buffer.concat([decipher.update(bytes.subarray(headerLength)), decipher.final()]).toString('utf8');
  };
}
