import { Flex, Spin } from 'antd';

/** The whole-page loading message: while the session is checked and while a page's code loads on first visit. */
export function Loading() {
  return (
    <Flex align="center" justify="center" gap="small" style={{ minHeight: '100vh' }} role="status">
      <Spin />
      Loading...
    </Flex>
  );
}
