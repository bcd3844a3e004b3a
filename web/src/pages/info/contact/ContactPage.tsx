import { Placeholder } from '../../../components/Placeholder.tsx';

export function ContactPage() {
  return <Placeholder title="Get in Touch" />;
}
