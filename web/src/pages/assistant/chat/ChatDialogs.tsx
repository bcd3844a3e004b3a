import { Modal } from 'antd';

/** Spec section 8: the clear-history confirmation. */
export function ClearChatDialog({ open, onConfirm, onCancel }: { open: boolean; onConfirm: () => void; onCancel: () => void }) {
  return (
    <Modal
      open={open}
      title="Clear Chat History"
      okText="Yes, Clear History"
      cancelText="Cancel"
      okButtonProps={{ danger: true }}
      onOk={onConfirm}
      onCancel={onCancel}
    >
      Are you sure you want to clear your entire chat history? This action cannot be undone.
    </Modal>
  );
}

/** Spec section 8: opened when no queries are left, or a send is refused with 403. */
export function LimitDialog({ open, onUpgrade, onLater }: { open: boolean; onUpgrade: () => void; onLater: () => void }) {
  return (
    <Modal open={open} title="Query Limit Reached" okText="Upgrade Plan" cancelText="Maybe Later" onOk={onUpgrade} onCancel={onLater}>
      You&apos;ve reached your monthly query limit. Upgrade your plan to continue asking questions and getting expert assistance.
    </Modal>
  );
}
