import type { ReactNode } from 'react';
import styles from './components.module.css';

/** A card's title as the h2 it is, so a page's sections can be reached by heading; it keeps the card's look. */
export function SectionTitle({ children, id }: { children: ReactNode; id?: string }) {
  return (
    <h2 id={id} tabIndex={id === undefined ? undefined : -1} className={styles.sectionTitle}>
      {children}
    </h2>
  );
}
