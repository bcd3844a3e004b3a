// The JSON bodies the gateway answers with itself; both gateways send the same ones, in the
// services' error shape `{error, code}`.

export const NOT_FOUND = { error: 'Not found', code: 'GATEWAY_NOT_FOUND' } as const;
export const BAD_REQUEST = { error: 'Bad request', code: 'GATEWAY_BAD_REQUEST' } as const;
export const DUPLICATE_AUTHORIZATION = { error: 'More than one Authorization header', code: 'GATEWAY_DUPLICATE_AUTHORIZATION' } as const;
export const PAYLOAD_TOO_LARGE = { error: 'Request body too large', code: 'GATEWAY_PAYLOAD_TOO_LARGE' } as const;
export const HEADERS_TOO_LARGE = { error: 'Request headers too large', code: 'GATEWAY_HEADERS_TOO_LARGE' } as const;
export const UPSTREAM_UNAVAILABLE = { error: 'Service unavailable', code: 'GATEWAY_UPSTREAM' } as const;
export const UPSTREAM_TIMEOUT = { error: 'Service timed out', code: 'GATEWAY_TIMEOUT' } as const;
export const GATEWAY_ERROR = { error: 'Gateway error', code: 'GATEWAY_ERROR' } as const;
export const WEB_NOT_BUILT = {
  error: 'The web bundle is not built: run `npm run build -w web`, then reload.',
  code: 'GATEWAY_WEB_NOT_BUILT',
} as const;
