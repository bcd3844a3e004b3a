import { Flex, Layout } from 'antd';
import { RouterLink } from '../RouterLink.tsx';
import { publisher } from './publisher.ts';
import styles from './layout.module.css';

export function Footer() {
  return (
    <Layout.Footer className={styles.footer}>
      {/* The larger footer is kept but not shown yet (spec: it exists but is hidden). */}
      <nav hidden aria-label="More">
        <RouterLink to="/about">About</RouterLink>
        <RouterLink to="/contact">Contact Us</RouterLink>
        <RouterLink to="/terms">Terms and Conditions</RouterLink>
        <RouterLink to="/privacy">Privacy Policy</RouterLink>
      </nav>
      <Flex wrap gap="small" justify="space-between" align="center" className={styles.bar}>
        <span className="app-secondary">© {new Date().getFullYear()} Better+</span>
        <Flex wrap gap="middle" component="nav" aria-label="Legal">
          <RouterLink to="/terms">Terms and Conditions</RouterLink>
          <RouterLink to="/privacy">Privacy Policy</RouterLink>
        </Flex>
        <span className="app-secondary">
          Powered by{' '}
          <a className="app-link" href={publisher.url} target="_blank" rel="noopener noreferrer">
            {publisher.name}
          </a>
        </span>
      </Flex>
    </Layout.Footer>
  );
}
