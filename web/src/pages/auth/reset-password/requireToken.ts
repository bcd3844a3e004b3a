import { redirect, type LoaderFunctionArgs } from 'react-router-dom';

/** The page only makes sense from the emailed link, which carries the reset token. */
export function requireToken({ request }: LoaderFunctionArgs) {
  return new URL(request.url).searchParams.get('token') ? null : redirect('/login');
}
