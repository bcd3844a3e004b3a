import { useEffect } from 'react';
import { Layout } from 'antd';
import { Outlet, useLocation } from 'react-router-dom';
import { usePageViews } from '../../analytics/usePageViews.ts';
import { usePageTitle } from '../../app/pageTitle.ts';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import styles from './layout.module.css';

/** The frame of every page: header, the routed page, footer. */
export function AppLayout() {
  const { pathname } = useLocation();
  usePageTitle();
  usePageViews();

  // A new page starts at its top, as the spec asks for every route change; one opened at an
  // anchor (/profile#choose-a-plan) scrolls to it itself, once its content is there.
  useEffect(() => {
    if (window.location.hash !== '') return;
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }, [pathname]);

  return (
    <Layout className={styles.app}>
      <Header />
      <Layout.Content>
        <main>
          <Outlet />
        </main>
      </Layout.Content>
      <Footer />
    </Layout>
  );
}
