import { Placeholder } from '../../../components/Placeholder.tsx';

export function PrivacyPage() {
  return <Placeholder title="Privacy Policy" />;
}
