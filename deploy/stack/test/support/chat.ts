import { eventually } from '@betterplus/kit/testing';

/**
 * Chat learns an account's plan from billing's event, so a new account (or a new plan) reaches it
 * a moment later: waits until chat answers the account's allowance and `ready` holds of it.
 */
export function chatAllowance(baseUrl: string, token: string, ready: (queriesLeft: number) => boolean = () => true, timeoutMs?: number): Promise<number> {
  return eventually(async () => {
    const answer = await fetch(`${baseUrl}/api/chat/queries-left`, { headers: { authorization: `Bearer ${token}` } });
    if (!answer.ok) return undefined;
    const { queriesLeft } = (await answer.json()) as { queriesLeft: number };
    return ready(queriesLeft) ? queriesLeft : undefined;
  }, timeoutMs);
}
