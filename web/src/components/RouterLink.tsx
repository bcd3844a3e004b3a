// Router navigation on antd's own anchors: a plain <Link> gets none of the theme's styling, so
// these render antd components with a real href and let the router handle ordinary clicks.
import type { ComponentProps } from 'react';
import { Button, Typography, type ButtonProps } from 'antd';
import { useHref, useLinkClickHandler, type To } from 'react-router-dom';

export function RouterLink({ to, ...props }: { to: To } & Omit<ComponentProps<typeof Typography.Link>, 'href' | 'onClick'>) {
  const onClick = useLinkClickHandler<HTMLElement>(to);
  return <Typography.Link {...props} href={useHref(to)} onClick={onClick} />;
}

export function ButtonLink({ to, ...props }: { to: To } & Omit<ButtonProps, 'href' | 'onClick'>) {
  const onClick = useLinkClickHandler<HTMLElement>(to);
  return <Button {...props} href={useHref(to)} onClick={onClick} />;
}
