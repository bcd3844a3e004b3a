// Router navigation on antd's own anchors: a plain <Link> gets none of the theme's styling, so
// these render antd components with a real href and let the router handle ordinary clicks.
import type { ReactNode } from 'react';
import { Button, Typography, type ButtonProps } from 'antd';
import { useHref, useLinkClickHandler, type To } from 'react-router-dom';

export function RouterLink({ to, children }: { to: To; children: ReactNode }) {
  const onClick = useLinkClickHandler<HTMLElement>(to);
  return (
    <Typography.Link href={useHref(to)} onClick={onClick}>
      {children}
    </Typography.Link>
  );
}

export function ButtonLink({ to, ...props }: { to: To } & Omit<ButtonProps, 'href' | 'onClick'>) {
  const onClick = useLinkClickHandler<HTMLElement>(to);
  return <Button {...props} href={useHref(to)} onClick={onClick} />;
}
