import { Placeholder } from '../../../components/Placeholder.tsx';

export function AboutPage() {
  return <Placeholder title="About Better+" />;
}
