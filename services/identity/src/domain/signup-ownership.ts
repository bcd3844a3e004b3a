/**
 * Whether a client that holds a signup's code may complete it. The code proves the address, not
 * whose password the account gets: when someone else started a signup for the address with
 * another password, the client must also show the signup is its own, by the cookie of the browser
 * that started it or by the password it chose. A password given must be that signup's, whatever
 * else the client holds.
 */
export type Ownership = 'shown' | 'unshown' | 'refuted';

export function ownershipOf(
  signup: { id: string; contested: boolean },
  client: { signupId: string | undefined; passwordMatches: boolean | undefined },
): Ownership {
  if (client.passwordMatches !== undefined) return client.passwordMatches ? 'shown' : 'refuted';
  return client.signupId === signup.id || !signup.contested ? 'shown' : 'unshown';
}
