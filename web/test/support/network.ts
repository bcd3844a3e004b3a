// The network of a component test, the one thing stubbed: fetch answers from the routes the test
// gives ('GET /api/chat/history'), as the services would, and keeps every call for the test to read.
// A call to no route is answered 404, as the gateway answers a path it does not know.

export interface Call {
  method: string;
  path: string;
  search: URLSearchParams;
  headers: Headers;
  /** The JSON body sent, parsed; undefined when none. */
  body: unknown;
}

export interface Reply {
  status?: number;
  /** Sent as JSON; nothing when undefined. */
  body?: unknown;
  headers?: Record<string, string>;
}

/** A fixed reply, or one made from the call (perhaps later: a promise the test resolves when it wants the answer). */
export type Answer = Reply | ((call: Call) => Reply | Promise<Reply>);

export type Routes = Record<string, Answer>;

export interface Network {
  calls: Call[];
  /** The calls to `route` ('PUT /api/user'), in order. */
  callsTo: (route: string) => Call[];
  /** Answers `route` from now on with `answer`. */
  answer: (route: string, answer: Answer) => void;
}

/** A call as the app made it: a Request (the API clients, openapi-fetch) or an address and its options (the beacons). */
async function callOf(input: RequestInfo | URL, init: RequestInit | undefined): Promise<Call> {
  const request = new Request(input, init);
  const url = new URL(request.url);
  const text = await request.text();
  return { method: request.method, path: url.pathname, search: url.searchParams, headers: request.headers, body: text === '' ? undefined : JSON.parse(text) };
}

export function stubNetwork(routes: Routes): Network {
  const answers = new Map(Object.entries(routes));
  const calls: Call[] = [];

  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const call = await callOf(input, init);
    calls.push(call);
    const answer = answers.get(`${call.method} ${call.path}`) ?? { status: 404, body: { error: 'Not Found' } };
    const { status = 200, body, headers = {} } = typeof answer === 'function' ? await answer(call) : answer;
    const json = body === undefined ? null : JSON.stringify(body);
    return new Response(json, { status, headers: json === null ? headers : { 'Content-Type': 'application/json', ...headers } });
  };

  return {
    calls,
    callsTo: (route) => calls.filter((call) => `${call.method} ${call.path}` === route),
    answer: (route, answer) => {
      answers.set(route, answer);
    },
  };
}
