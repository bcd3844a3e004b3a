import { Button, Flex } from 'antd';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import styles from './components.module.css';

/**
 * Shown when a page cannot be shown: mostly a page's code that no longer loads because a new
 * release replaced it while this tab was open. Reloading fetches the new release. Plain markup:
 * this ships in the landing bundle, and antd's Result would bring its illustrations along.
 */
export function RouteError() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? ` (${error.status})` : '';
  return (
    <Flex component="main" vertical align="center" gap="middle" className={styles.routeError}>
      <h1 className={styles.routeErrorTitle}>This page could not be loaded{status}</h1>
      <p className={`app-secondary ${styles.routeErrorText}`}>Check your connection and reload the page.</p>
      <Button
        type="primary"
        onClick={() => {
          window.location.reload();
        }}
      >
        Reload
      </Button>
    </Flex>
  );
}
