import { Placeholder } from '../../../components/Placeholder.tsx';

export function ChatPage() {
  return <Placeholder title="Chat" />;
}
