import { useMutation } from '@tanstack/react-query';
import { Button, Form, Input } from 'antd';
import { errorMessage } from '../../../api/errors.ts';
import { Notice } from '../../../components/Notice.tsx';
import { AuthCard } from '../../../components/AuthCard.tsx';
import { useAdminSession } from '../session/context.ts';

interface AdminSignInFields {
  username: string;
  password: string;
}

/** /vikarapanel signed out: the admin's username and password (both required), checked by the server before they are kept. */
export function AdminSignInPage() {
  const { signIn } = useAdminSession();
  const attempt = useMutation({ mutationFn: ({ username, password }: AdminSignInFields) => signIn(username, password) });

  return (
    <AuthCard title="Admin Panel">
      <Form<AdminSignInFields>
        layout="vertical"
        scrollToFirstError={{ focus: true }}
        requiredMark={false}
        disabled={attempt.isPending}
        onFinish={(fields) => {
          attempt.mutate(fields);
        }}
      >
        <Notice type="error" text={attempt.isError ? errorMessage('adminSignIn', attempt.error) : null} />
        <Form.Item label="Username" name="username" rules={[{ required: true, message: 'Please enter the username' }]}>
          <Input autoComplete="username" autoCapitalize="none" spellCheck={false} />
        </Form.Item>
        <Form.Item label="Password" name="password" rules={[{ required: true, message: 'Please enter the password' }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" size="large" block loading={attempt.isPending}>
          Sign in
        </Button>
      </Form>
    </AuthCard>
  );
}
