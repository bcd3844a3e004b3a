import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input } from 'antd';
import { api, dataOf } from '../../../api/client.ts';
import { errorMessage } from '../../../api/errors.ts';
import { SHORT_NOTE_MS } from '../../../app/timings.ts';
import { Notice } from '../../../components/Notice.tsx';
import { useTimedMessage } from '../../../hooks/useTimedMessage.ts';
import { userQuery, userQueryKey } from '../../../session/context.ts';
import { SectionTitle } from '../../../components/SectionTitle.tsx';

/** Name (editable) and email (read-only, spec section 5). */
export function ProfileInfoSection() {
  const queryClient = useQueryClient();
  const { data: user, error } = useQuery(userQuery);
  const status = useTimedMessage(SHORT_NOTE_MS);
  const update = useMutation({
    mutationFn: (name: string) => dataOf(api.PUT('/api/user', { body: { name } })),
    onSuccess: (updated) => {
      // The answer is the new user: the header and every reader of the session see the new name.
      queryClient.setQueryData(userQueryKey, updated);
      status.show('success', 'Profile updated successfully');
    },
    onError: (updateError) => {
      status.show('error', errorMessage('updateProfile', updateError));
    },
  });

  return (
    <Card title={<SectionTitle>Profile Information</SectionTitle>}>
      <Notice type="error" text={error ? errorMessage('fetchUser', error) : null} />
      {status.message && <Notice {...status.message} />}
      {user && (
        <Form<{ name: string }>
          layout="vertical"
          scrollToFirstError={{ focus: true }}
          initialValues={{ name: user.name }}
          disabled={update.isPending}
          onFinish={({ name }) => {
            status.clear();
            update.mutate(name);
          }}
        >
          <Form.Item label="Name" name="name">
            <Input autoComplete="name" />
          </Form.Item>
          {/* Read-only, not disabled: it stays readable and focusable; the label names it for assistive technology. */}
          <Form.Item label="Email" htmlFor="profile-email">
            <Input id="profile-email" type="email" value={user.email} readOnly variant="filled" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={update.isPending}>
            Update Profile
          </Button>
        </Form>
      )}
    </Card>
  );
}
