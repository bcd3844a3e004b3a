import { Col, Row } from 'antd';
import { PageLayout } from '../../../components/layout/PageLayout.tsx';
import { ContactEmailCard } from './ContactEmailCard.tsx';
import { ContactForm } from './ContactForm.tsx';

/** 'Get in Touch': the support address beside the form; stacked on a phone. */
export function ContactPage() {
  return (
    <PageLayout width="wide" title="Get in Touch" intro="Questions, feedback or ideas: write to us and a person will answer.">
      <Row gutter={[24, 24]}>
        <Col xs={24} md={8}>
          <ContactEmailCard />
        </Col>
        <Col xs={24} md={16}>
          <ContactForm />
        </Col>
      </Row>
    </PageLayout>
  );
}
