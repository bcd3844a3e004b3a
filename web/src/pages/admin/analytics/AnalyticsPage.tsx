import { Placeholder } from '../../../components/Placeholder.tsx';

export function AnalyticsPage() {
  return <Placeholder title="Analytics" />;
}
