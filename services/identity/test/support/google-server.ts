// A local stand-in for Google's token-info and userinfo endpoints, answering as Google does:
// 400 {"error":"invalid_token"} from token-info and 401 from userinfo for a token it did not issue.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface GoogleGrant {
  /** The OAuth client the token was issued to. */
  aud: string;
  profile: { sub: string; email?: string; email_verified?: boolean; name?: string; picture?: string };
}

export interface FakeGoogle {
  tokenInfoUrl: string;
  userInfoUrl: string;
  /** Makes `token` a valid access token for `grant`. */
  issue(token: string, grant: GoogleGrant): void;
  /** Every answer becomes this status (e.g. 503) until set back to undefined. */
  failWith: number | undefined;
  /** Delay before each answer, for timeouts. */
  delayMs: number;
  close(): Promise<void>;
}

export async function startFakeGoogle(): Promise<FakeGoogle> {
  const grants = new Map<string, GoogleGrant>();
  /** What Google would answer: a status and a JSON body. */
  const answer = (req: IncomingMessage): [number, unknown] => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (fake.failWith !== undefined) return [fake.failWith, { error: 'backend_error' }];
    if (url.pathname === '/tokeninfo') {
      const grant = grants.get(url.searchParams.get('access_token') ?? '');
      if (!grant) return [400, { error: 'invalid_token', error_description: 'Invalid Value' }];
      return [200, { azp: grant.aud, aud: grant.aud, sub: grant.profile.sub, scope: 'openid email profile', expires_in: '3599', access_type: 'online' }];
    }
    if (url.pathname === '/userinfo') {
      const grant = grants.get(/^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '');
      if (!grant) return [401, { error: 'invalid_request', error_description: 'Invalid Credentials' }];
      return [200, grant.profile];
    }
    return [404, { error: 'not_found' }];
  };
  const server = createServer((req, res) => {
    setTimeout(() => {
      const [status, body] = answer(req);
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    }, fake.delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const fake: FakeGoogle = {
    tokenInfoUrl: `${base}/tokeninfo`,
    userInfoUrl: `${base}/userinfo`,
    issue(token, grant) {
      grants.set(token, grant);
    },
    failWith: undefined,
    delayMs: 0,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
  return fake;
}
