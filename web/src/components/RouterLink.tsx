// Router navigation on the app's own anchors. RouterLink is a plain router <Link> styled by
// app/global.css (antd's Typography would pull its tooltip and input code into every page);
// ButtonLink renders antd's Button with a real href and lets the router handle ordinary clicks.
import type { ComponentProps } from 'react';
import { Button, type ButtonProps } from 'antd';
import { Link, useHref, useLinkClickHandler, type To } from 'react-router-dom';

/** A text link; underlined, so that it is told apart from the text around it by more than colour. */
export function RouterLink({ className, ...props }: ComponentProps<typeof Link>) {
  return <Link {...props} className={className === undefined ? 'app-link' : `app-link ${className}`} />;
}

/** `state` goes with the navigation, as a router Link's does (e.g. where /login returns to). */
export function ButtonLink({ to, state, ...props }: { to: To; state?: unknown } & Omit<ButtonProps, 'href' | 'onClick'>) {
  const onClick = useLinkClickHandler<HTMLElement>(to, { state });
  return <Button {...props} href={useHref(to)} onClick={onClick} />;
}
