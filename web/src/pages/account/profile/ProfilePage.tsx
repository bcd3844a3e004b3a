import { Placeholder } from '../../../components/Placeholder.tsx';

export function ProfilePage() {
  return <Placeholder title="Profile Settings" />;
}
