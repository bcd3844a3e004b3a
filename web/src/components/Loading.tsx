import { Flex, Spin } from 'antd';
import styles from './components.module.css';

/** The whole-page loading message: while the session is checked and while a page's code loads on first visit. */
export function Loading() {
  return (
    <Flex align="center" justify="center" gap="small" className={styles.loading} role="status">
      <Spin />
      Loading...
    </Flex>
  );
}
