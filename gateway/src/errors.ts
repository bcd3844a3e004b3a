// The JSON bodies the gateway answers with itself; both gateways send the same ones.

export const NOT_FOUND = { error: 'Not found', code: 'GATEWAY_NOT_FOUND' } as const;
export const UPSTREAM_UNAVAILABLE = { error: 'Service unavailable', code: 'GATEWAY_UPSTREAM' } as const;
export const UPSTREAM_TIMEOUT = { error: 'Service timed out', code: 'GATEWAY_TIMEOUT' } as const;
export const WEB_NOT_BUILT = {
  error: 'The web bundle is not built: run `npm run build -w web`, then reload.',
  code: 'GATEWAY_WEB_NOT_BUILT',
} as const;
