import { Result } from 'antd';
import { ButtonLink } from '../../../components/RouterLink.tsx';

export function NotFoundPage() {
  return (
    <Result
      status="404"
      title={<h1 style={{ margin: 0, font: 'inherit', color: 'inherit' }}>Page not found</h1>}
      subTitle="The page you are looking for does not exist."
      extra={<ButtonLink to="/" type="primary">Back to home</ButtonLink>}
    />
  );
}
