import { useMutation } from '@tanstack/react-query';
import { Button, Flex, Form, Input, Typography } from 'antd';
import { api, dataOf } from '../../../api/client.ts';
import { errorMessage } from '../../../api/errors.ts';
import { Notice } from '../../../components/Notice.tsx';

/** The login page's reset mode: asks for the email that the reset link is sent to. */
export function ResetRequestForm({ onSent, onBack }: { onSent: () => void; onBack: () => void }) {
  const request = useMutation({
    mutationFn: (fields: { email: string }) => dataOf(api.POST('/api/reset-password', { body: fields })),
    onSuccess: onSent,
  });

  return (
    <Form<{ email: string }>
      layout="vertical"
      scrollToFirstError={{ focus: true }}
      requiredMark={false}
      disabled={request.isPending}
      onFinish={(fields) => {
        request.mutate(fields);
      }}
    >
      <Notice type="error" text={request.isError ? errorMessage('resetRequest', request.error) : null} />
      <Typography.Paragraph type="secondary">Enter your email address and we will send you a link to set a new password.</Typography.Paragraph>
      <Form.Item label="Email address" name="email" rules={[{ required: true, message: 'Please enter your email address' }]}>
        <Input type="email" autoComplete="email" />
      </Form.Item>
      <Flex vertical gap="small">
        <Button type="primary" htmlType="submit" size="large" block loading={request.isPending}>
          Send Reset Instructions
        </Button>
        <Button size="large" block onClick={onBack}>
          Back to Login
        </Button>
      </Flex>
    </Form>
  );
}
