import { Col, Row, Typography } from 'antd';
import { ContactEmailCard } from './ContactEmailCard.tsx';
import { ContactForm } from './ContactForm.tsx';

/** 'Get in Touch': the support address beside the form; stacked on a phone. */
export function ContactPage() {
  return (
    <div style={{ maxWidth: 960, margin: '0 auto', padding: 'clamp(24px, 5vw, 48px) 16px' }}>
      <Typography.Title level={1} style={{ marginTop: 0, fontSize: 30 }}>
        Get in Touch
      </Typography.Title>
      <Typography.Paragraph type="secondary">Questions, feedback or ideas: write to us and a person will answer.</Typography.Paragraph>
      <Row gutter={[24, 24]}>
        <Col xs={24} md={8}>
          <ContactEmailCard />
        </Col>
        <Col xs={24} md={16}>
          <ContactForm />
        </Col>
      </Row>
    </div>
  );
}
