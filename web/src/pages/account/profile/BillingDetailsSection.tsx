import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, Select, Skeleton, Typography } from 'antd';
import { api, dataOf } from '../../../api/client.ts';
import { errorMessage } from '../../../api/errors.ts';
import { SHORT_NOTE_MS } from '../../../app/timings.ts';
import { billingDetailsQuery } from '../../../billing/api.ts';
import { Notice } from '../../../components/Notice.tsx';
import { useTimedMessage } from '../../../hooks/useTimedMessage.ts';
import { SectionTitle } from '../../../components/SectionTitle.tsx';

interface BillingFields {
  stateCode?: string;
  gstin?: string;
}

/** State code, PAN (5 letters, 4 digits, a letter), entity number, 'Z', check character; the server checks the rest. */
const GSTIN_SHAPE = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/**
 * The optional details of a GST invoice: the state the user is in (the place of supply, which
 * decides CGST and SGST or IGST) and a GSTIN for a registered business. Both are optional.
 */
export function BillingDetailsSection() {
  const queryClient = useQueryClient();
  const { data: details, isPending } = useQuery(billingDetailsQuery);
  const status = useTimedMessage(SHORT_NOTE_MS);
  const save = useMutation({
    mutationFn: (fields: BillingFields) => {
      const gstin = fields.gstin?.trim() ?? '';
      return dataOf(api.PUT('/api/subscription/billing-details', { body: { stateCode: fields.stateCode ?? null, gstin: gstin === '' ? null : gstin } }));
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(billingDetailsQuery.queryKey, saved);
      status.show('success', 'Billing details saved');
    },
    onError: (error) => {
      status.show('error', errorMessage('saveBillingDetails', error));
    },
  });

  return (
    <Card title={<SectionTitle>Billing Details</SectionTitle>}>
      <Typography.Paragraph type="secondary">
        Optional. Your state and GSTIN appear on your invoices; a GSTIN lets a business claim the tax back.
      </Typography.Paragraph>
      {status.message && <Notice {...status.message} />}
      {/* A failure to load is silent, as the other billing sections' are. */}
      {isPending && <Skeleton active title={false} paragraph={{ rows: 2 }} />}
      {details && (
        <Form<BillingFields>
          layout="vertical"
          scrollToFirstError={{ focus: true }}
          requiredMark={false}
          initialValues={{ stateCode: details.stateCode ?? undefined, gstin: details.gstin ?? undefined }}
          disabled={save.isPending}
          onFinish={(fields) => {
            status.clear();
            save.mutate(fields);
          }}
        >
          <Form.Item label="State (place of supply)" name="stateCode">
            <Select allowClear showSearch={{ optionFilterProp: 'label' }} options={details.states.map(({ code, name }) => ({ value: code, label: name }))} />
          </Form.Item>
          <Form.Item
            label="GSTIN (optional)"
            name="gstin"
            normalize={(value: string) => value.toUpperCase().replace(/\s/g, '')}
            dependencies={['stateCode']}
            rules={[
              { pattern: GSTIN_SHAPE, message: 'Enter the 15 characters of a GSTIN, like 29ABCDE1234F1Z5' },
              ({ getFieldValue }) => ({
                validator: async (_, value?: string) => {
                  const stateCode = getFieldValue('stateCode') as string | undefined;
                  if (value && stateCode && GSTIN_SHAPE.test(value) && !value.startsWith(stateCode)) {
                    throw new Error('A GSTIN starts with the code of its state: choose the state it is registered in');
                  }
                },
              }),
            ]}
          >
            <Input autoComplete="off" maxLength={15} spellCheck={false} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            Save Billing Details
          </Button>
        </Form>
      )}
    </Card>
  );
}
