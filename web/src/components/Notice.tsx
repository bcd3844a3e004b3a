import { Alert } from 'antd';

/** A status line above or below a form; renders nothing when there is nothing to say. */
export function Notice({ type, text }: { type: 'success' | 'error'; text: string | null | undefined }) {
  if (!text) return null;
  return <Alert type={type} title={text} showIcon style={{ marginBottom: 16 }} />;
}
