// The services' shapes named after the calls that answer or take them, from the generated OpenAPI
// types: the web names a shape (`Answer<'/api/subscription', 'get'>`), it never writes one out.
import type { HttpMethod, PathsWithMethod, RequestBodyJSON, SuccessResponseJSON } from 'openapi-typescript-helpers';
import type { paths } from './generated/index.ts';

/** The JSON a call answers when it succeeds. */
export type Answer<P extends PathsWithMethod<paths, M>, M extends HttpMethod> = SuccessResponseJSON<paths[P][M] & object>;

/** The JSON body a call takes. */
export type Body<P extends PathsWithMethod<paths, M>, M extends HttpMethod> = RequestBodyJSON<paths[P][M]>;

/** The query parameters a call takes. */
export type Query<P extends PathsWithMethod<paths, M>, M extends HttpMethod> = NonNullable<
  (paths[P][M] & { parameters: { query?: unknown } })['parameters']['query']
>;
