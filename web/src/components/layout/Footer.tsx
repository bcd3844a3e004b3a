import { Flex, Layout } from 'antd';
import { RouterLink } from '../RouterLink.tsx';
import { publisher } from './publisher.ts';

export function Footer() {
  return (
    <Layout.Footer style={{ borderTop: '1px solid #f0f0f0' }}>
      {/* The larger footer is kept but not shown yet (spec: it exists but is hidden). */}
      <nav hidden aria-label="More">
        <RouterLink to="/about">About</RouterLink>
        <RouterLink to="/contact">Contact Us</RouterLink>
        <RouterLink to="/terms">Terms and Conditions</RouterLink>
        <RouterLink to="/privacy">Privacy Policy</RouterLink>
      </nav>
      <Flex wrap gap="small" justify="space-between" align="center" style={{ maxWidth: 1200, margin: '0 auto' }}>
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
