import { useMutation } from '@tanstack/react-query';
import { Button, Form, Input } from 'antd';
import { trackEvent } from '../../../analytics/track.ts';
import { api, dataOf } from '../../../api/client.ts';
import type { Answer, Body } from '../../../api/contract.ts';
import { errorMessage } from '../../../api/errors.ts';
import { Notice } from '../../../components/Notice.tsx';
import { useSession } from '../../../session/context.ts';
import type { TokenAnswer } from '../tokenAnswer.ts';

type SignupFields = Body<'/api/signup/initiate', 'post'>;

/** The server either mails a code first or signs the user up at once (spec section 3); identity today always mails one. */
type InitiateAnswer = Answer<'/api/signup/initiate', 'post'> | TokenAnswer;

/** The first signup step: name, email and password (spec section 5: required only, no other rules). */
export function SignupForm({ onOtpSent }: { onOtpSent: (email: string, password: string) => void }) {
  const { signIn } = useSession();
  const initiate = useMutation({
    mutationFn: async (fields: SignupFields) => {
      const answer = (await dataOf(api.POST('/api/signup/initiate', { body: fields }))) as InitiateAnswer;
      if ('token' in answer) {
        // Sent before signing in, which leaves for /chat: the event belongs to the signup page.
        trackEvent('signup_completed', {});
        await signIn(answer.token);
      } else onOtpSent(fields.email, fields.password);
    },
  });

  return (
    <Form<SignupFields>
      layout="vertical"
      scrollToFirstError={{ focus: true }}
      requiredMark={false}
      disabled={initiate.isPending}
      onFinish={(fields) => {
        initiate.mutate(fields);
      }}
    >
      <Notice type="error" text={initiate.isError ? errorMessage('signupInitiate', initiate.error) : null} />
      <Form.Item label="Full Name" name="name" rules={[{ required: true, message: 'Please enter your full name' }]}>
        <Input autoComplete="name" />
      </Form.Item>
      <Form.Item label="Email address" name="email" rules={[{ required: true, message: 'Please enter your email address' }]}>
        <Input type="email" autoComplete="email" />
      </Form.Item>
      <Form.Item label="Password" name="password" rules={[{ required: true, message: 'Please enter a password' }]}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" size="large" block loading={initiate.isPending}>
        Create Account
      </Button>
    </Form>
  );
}
