import type { Queryable } from '@betterplus/kit';

export async function insertResetToken(db: Queryable, token: { tokenHash: string; userId: string; expiresAt: Date }): Promise<void> {
  await db.query('INSERT INTO password_reset_tokens (token_hash, user_id, expires_at) VALUES ($1, $2, $3)', [token.tokenHash, token.userId, token.expiresAt]);
}

/** `forUse`: locked for this transaction, so two uses of one token cannot both succeed. */
export async function findResetToken(
  db: Queryable,
  tokenHash: string,
  forUse: boolean,
): Promise<{ userId: string; expiresAt: Date; usedAt: Date | null } | undefined> {
  const { rows } = await db.query<{ user_id: string; expires_at: Date; used_at: Date | null }>(
    `SELECT user_id, expires_at, used_at FROM password_reset_tokens WHERE token_hash = $1${forUse ? ' FOR UPDATE' : ''}`,
    [tokenHash],
  );
  const row = rows[0];
  return row ? { userId: row.user_id, expiresAt: row.expires_at, usedAt: row.used_at } : undefined;
}

/** Once the password is reset or changed, every link still outstanding for it is spent too. */
export async function useAllResetTokens(db: Queryable, userId: string, at: Date): Promise<void> {
  await db.query('UPDATE password_reset_tokens SET used_at = $2 WHERE user_id = $1 AND used_at IS NULL', [userId, at]);
}
