import { useMutation } from '@tanstack/react-query';
import { Button, Flex, Form, Input } from 'antd';
import { api, dataOf } from '../../../api/client.ts';
import type { Body } from '../../../api/contract.ts';
import { errorMessage } from '../../../api/errors.ts';
import { Notice } from '../../../components/Notice.tsx';
import { useSession } from '../../../session/context.ts';
import styles from '../auth.module.css';

type Credentials = Body<'/api/login', 'post'>;

/** Email and password sign-in; success goes to /chat through the session. */
export function SignInForm({ onForgotPassword }: { onForgotPassword: () => void }) {
  const { signIn } = useSession();
  const login = useMutation({
    mutationFn: async (credentials: Credentials) => {
      const { token } = await dataOf(api.POST('/api/login', { body: credentials }));
      await signIn(token);
    },
  });

  return (
    <Form<Credentials>
      layout="vertical"
      scrollToFirstError={{ focus: true }}
      requiredMark={false}
      disabled={login.isPending}
      onFinish={(credentials) => {
        login.mutate(credentials);
      }}
    >
      <Notice type="error" text={login.isError ? errorMessage('signIn', login.error) : null} />
      <Form.Item label="Email address" name="email" rules={[{ required: true, message: 'Please enter your email address' }]}>
        <Input type="email" autoComplete="email" />
      </Form.Item>
      <Form.Item label="Password" name="password" rules={[{ required: true, message: 'Please enter your password' }]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Flex justify="end" className={styles.forgot}>
        <Button type="link" size="small" onClick={onForgotPassword}>
          Forgot your password?
        </Button>
      </Flex>
      <Button type="primary" htmlType="submit" size="large" block loading={login.isPending}>
        Sign in
      </Button>
    </Form>
  );
}
