import { Placeholder } from '../../../components/Placeholder.tsx';

export function UsersPage() {
  return <Placeholder title="Users" />;
}
