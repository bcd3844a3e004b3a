import { useEffect, useRef } from 'react';
import { Alert } from 'antd';
import styles from './components.module.css';

/**
 * A status line above or below a form; renders nothing when there is nothing to say. An error
 * takes the focus when it appears, so that keyboard and screen-reader users land on what failed.
 */
export function Notice({ type, text }: { type: 'success' | 'error'; text: string | null | undefined }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (type === 'error' && text) ref.current?.focus();
  }, [type, text]);
  if (!text) return null;
  return (
    <div ref={ref} tabIndex={-1} className={styles.notice}>
      <Alert type={type} title={text} showIcon />
    </div>
  );
}
