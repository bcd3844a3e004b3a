import { verify } from '@node-rs/argon2';
import { ConfigError, safeEqual } from '@betterplus/kit';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';

const strength = new ZxcvbnFactory({ dictionary: { ...common.dictionary, ...english.dictionary }, graphs: common.adjacencyGraphs });

/** zxcvbn's "safely unguessable" (about 10^10 guesses), and never shorter than this. */
const MIN_SCORE = 4;
const MIN_LENGTH = 12;

/** Why `password` is too weak for the admin account, or undefined when it is strong enough. */
export function weaknessOf(password: string, username = ''): string | undefined {
  if (password.length < MIN_LENGTH) return `shorter than ${String(MIN_LENGTH)} characters`;
  const { score, feedback } = strength.check(password, [username, 'betterplus', 'vikarapanel', 'admin']);
  return score < MIN_SCORE ? (feedback.warning ?? 'too easy to guess') : undefined;
}

export interface AdminCredentials {
  username: string;
  verifyPassword(password: string): Promise<boolean>;
}

/** The settings that name the admin account (config.ts), as plain values. */
export interface AdminAccountSettings {
  APP_ENV: string;
  ADMIN_USERNAME?: string | undefined;
  ADMIN_PASSWORD?: string | undefined;
  ADMIN_PASSWORD_HASH?: string | undefined;
}

/**
 * The admin account from configuration, or undefined when none is set (every admin call is
 * then refused). Production refuses a missing password and a weak plain one.
 */
export function adminCredentials(config: AdminAccountSettings): AdminCredentials | undefined {
  const { ADMIN_USERNAME: username, ADMIN_PASSWORD: password, ADMIN_PASSWORD_HASH: hash, APP_ENV } = config;
  if (APP_ENV === 'production') {
    if (!password && !hash) throw new ConfigError('ADMIN_PASSWORD or ADMIN_PASSWORD_HASH is required in production');
    const weakness = password ? weaknessOf(password, username) : undefined;
    if (weakness) throw new ConfigError(`ADMIN_PASSWORD is too weak for production: ${weakness}`);
  }
  if (!username || (!password && !hash)) return undefined;
  return {
    username,
    verifyPassword: hash ? (given) => verify(hash, given).catch(() => false) : async (given) => password !== undefined && safeEqual(given, password),
  };
}
