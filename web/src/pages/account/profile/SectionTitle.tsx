import type { ReactNode } from 'react';

/** A profile card's title as the h2 it is, so the page's sections can be reached by heading; it keeps the card's look. */
export function SectionTitle({ children, id }: { children: ReactNode; id?: string }) {
  return (
    <h2 id={id} tabIndex={id === undefined ? undefined : -1} style={{ margin: 0, font: 'inherit', outlineOffset: 2 }}>
      {children}
    </h2>
  );
}
