import { Placeholder } from '../../../components/Placeholder.tsx';

export function SignupPage() {
  return <Placeholder title="Sign up" />;
}
