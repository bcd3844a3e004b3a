import { Placeholder } from '../../../components/Placeholder.tsx';

export function DashboardPage() {
  return <Placeholder title="Dashboard" />;
}
