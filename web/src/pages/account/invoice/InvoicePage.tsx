import { Placeholder } from '../../../components/Placeholder.tsx';

export function InvoicePage() {
  return <Placeholder title="Invoice" />;
}
