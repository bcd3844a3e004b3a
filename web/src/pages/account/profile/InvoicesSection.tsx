import { useQuery } from '@tanstack/react-query';
import { Card, Flex, Typography } from 'antd';
import { invoicesQuery } from '../../../billing/api.ts';
import { formatIndiaDate, rupeesFromPaise } from '../../../billing/format.ts';
import { ButtonLink } from '../../../components/RouterLink.tsx';
import { SectionTitle } from '../../../components/SectionTitle.tsx';
import styles from './profile.module.css';

/** The user's invoices, newest first: amount in rupees, date, and View (spec section 2). A failure to load is silent. */
export function InvoicesSection() {
  const { data: invoices } = useQuery(invoicesQuery);
  return (
    <Card title={<SectionTitle>Invoices</SectionTitle>}>
      {invoices?.length === 0 && <Typography.Text>No invoices available</Typography.Text>}
      {invoices !== undefined && invoices.length > 0 && (
        <ul className={styles.invoices}>
          {invoices.map((invoice) => (
            <li key={invoice.id} className={styles.invoice}>
              <Flex wrap align="center" justify="space-between" gap="small">
                <Flex wrap gap="middle" align="baseline">
                  <Typography.Text strong>{rupeesFromPaise(invoice.amount)}</Typography.Text>
                  <Typography.Text>{formatIndiaDate(invoice.created_at)}</Typography.Text>
                  <Typography.Text type="secondary">{invoice.number}</Typography.Text>
                </Flex>
                <ButtonLink to={`/invoices/${invoice.id}`} aria-label={`View invoice ${invoice.number}`}>
                  View
                </ButtonLink>
              </Flex>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
