import type { ReactNode } from 'react';
import styles from './PageLayout.module.css';

/**
 * How wide a page reads: `narrow` a sign-in card, `text` running text and forms, `medium` the chat
 * and the invoice, `wide` lists and the contact page, `full` the admin panel's tables and charts,
 * `bleed` bands across the window that centre their own content (the landing page).
 */
export type PageWidth = 'narrow' | 'text' | 'medium' | 'wide' | 'full' | 'bleed';

interface PageLayoutProps {
  width: PageWidth;
  /** The page's h1. Left out where the content holds its own (the invoice document, an entry, a sign-in card). */
  title?: ReactNode;
  /** Beside the title: the page's own actions and figures. */
  actions?: ReactNode;
  /** A line under the title. */
  intro?: ReactNode;
  children: ReactNode;
}

/**
 * The frame of every page: a centred column of a named width, padded for phones, with the page's
 * title above its content. Plain markup and a CSS module on antd's theme tokens: the landing page
 * uses it too and ships with the shell, where antd's Typography would weigh.
 */
export function PageLayout({ width, title, actions, intro, children }: PageLayoutProps) {
  return (
    <div className={[styles.page, styles[width]].join(' ')}>
      {title !== undefined && (
        <header className={styles.header}>
          <div className={styles.titleRow}>
            <h1 className={styles.title}>{title}</h1>
            {actions}
          </div>
          {intro !== undefined && <p className={styles.intro}>{intro}</p>}
        </header>
      )}
      {children}
    </div>
  );
}
