import { Result } from 'antd';
import { PageLayout } from '../../../components/layout/PageLayout.tsx';
import { ButtonLink } from '../../../components/RouterLink.tsx';
import styles from './NotFoundPage.module.css';

export function NotFoundPage() {
  return (
    <PageLayout width="text">
      <Result
        status="404"
        title={<h1 className={styles.title}>Page not found</h1>}
        subTitle="The page you are looking for does not exist."
        extra={
          <ButtonLink to="/" type="primary">
            Back to home
          </ButtonLink>
        }
      />
    </PageLayout>
  );
}
