import { useMutation } from '@tanstack/react-query';
import { Button, Card, Form, Input } from 'antd';
import { api, dataOf } from '../../../api/client.ts';
import type { Body } from '../../../api/contract.ts';
import { errorMessage } from '../../../api/errors.ts';
import { LONG_NOTE_MS } from '../../../app/timings.ts';
import { Notice } from '../../../components/Notice.tsx';
import { useTimedMessage } from '../../../hooks/useTimedMessage.ts';

type ContactFields = Body<'/api/contact/submit', 'post'>;

/** The contact form (spec section 5: every field required, the email well-formed). */
export function ContactForm() {
  const [form] = Form.useForm<ContactFields>();
  const sent = useTimedMessage(LONG_NOTE_MS);
  const send = useMutation({
    mutationFn: (fields: ContactFields) => dataOf(api.POST('/api/contact/submit', { body: fields })),
    onSuccess: () => {
      form.resetFields();
      sent.show('success', 'Message sent successfully!');
    },
  });

  return (
    <Card>
      {sent.message && <Notice {...sent.message} />}
      <Notice type="error" text={send.isError ? errorMessage('contact', send.error) : null} />
      <Form<ContactFields>
        form={form}
        layout="vertical"
        scrollToFirstError={{ focus: true }}
        requiredMark={false}
        disabled={send.isPending}
        onFinish={(fields) => {
          sent.clear();
          send.mutate(fields);
        }}
      >
        <Form.Item label="Name" name="name" rules={[{ required: true, message: 'Please enter your name' }]}>
          <Input autoComplete="name" />
        </Form.Item>
        <Form.Item
          label="Email"
          name="email"
          rules={[
            { required: true, message: 'Please enter your email' },
            { type: 'email', message: 'Please enter a valid email address' },
          ]}
        >
          <Input type="email" autoComplete="email" />
        </Form.Item>
        <Form.Item label="Subject" name="subject" rules={[{ required: true, message: 'Please enter a subject' }]}>
          <Input />
        </Form.Item>
        <Form.Item label="Message" name="message" rules={[{ required: true, message: 'Please enter your message' }]}>
          <Input.TextArea rows={5} />
        </Form.Item>
        <Button type="primary" htmlType="submit" size="large" loading={send.isPending}>
          Send Message
        </Button>
      </Form>
    </Card>
  );
}
