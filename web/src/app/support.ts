import { useQuery } from '@tanstack/react-query';
import { api, dataOf } from '../api/client.ts';

/** Spec section 9: support answers within this time. */
export const supportReplyTime = '24-48 hours';

/**
 * Where users reach a person: the contact page and the profile's Delete Account block (accounts
 * are deleted only on request, spec section 6). The address is the one operators configured on
 * the server (SUPPORT_EMAIL), so the page and the mail that arrives agree.
 */
export function useSupportEmail(): string | undefined {
  const { data } = useQuery({
    queryKey: ['contact-info'],
    queryFn: () => dataOf(api.GET('/api/contact/info')),
    staleTime: Infinity,
  });
  return data?.supportEmail;
}
