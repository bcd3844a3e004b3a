import { useMutation } from '@tanstack/react-query';
import { Button, Card, Form, Input } from 'antd';
import { api, dataOf } from '../../../api/client.ts';
import type { Body } from '../../../api/contract.ts';
import { errorMessage } from '../../../api/errors.ts';
import { SHORT_NOTE_MS } from '../../../app/timings.ts';
import { Notice } from '../../../components/Notice.tsx';
import { useTimedMessage } from '../../../hooks/useTimedMessage.ts';
import { useSession } from '../../../session/context.ts';
import { SectionTitle } from '../../../components/SectionTitle.tsx';

type PasswordFields = Body<'/api/user/change-password', 'put'>;

export function ChangePasswordSection() {
  const { replaceToken } = useSession();
  const [form] = Form.useForm<PasswordFields>();
  const status = useTimedMessage(SHORT_NOTE_MS);
  const change = useMutation({
    mutationFn: (fields: PasswordFields) => dataOf(api.PUT('/api/user/change-password', { body: fields })),
    onSuccess: ({ token }) => {
      // The change revokes every older session, this one's token included; carry on with the fresh one.
      replaceToken(token);
      form.resetFields();
      status.show('success', 'Password changed successfully');
    },
    onError: (error) => {
      status.show('error', errorMessage('changePassword', error));
    },
  });

  return (
    <Card title={<SectionTitle>Change Password</SectionTitle>}>
      {status.message && <Notice {...status.message} />}
      <Form<PasswordFields>
        form={form}
        layout="vertical"
        scrollToFirstError={{ focus: true }}
        requiredMark={false}
        disabled={change.isPending}
        onFinish={(fields) => {
          status.clear();
          change.mutate(fields);
        }}
      >
        <Form.Item label="Current Password" name="currentPassword" rules={[{ required: true, message: 'Please enter your current password' }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item label="New Password" name="newPassword" rules={[{ required: true, message: 'Please enter a new password' }]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={change.isPending}>
          Change Password
        </Button>
      </Form>
    </Card>
  );
}
