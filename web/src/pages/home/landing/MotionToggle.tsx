import { Button } from 'antd';
import { CaretRightOutlined, PauseOutlined } from '@ant-design/icons';

/** Stops and restarts content that moves by itself (WCAG 2.2.2): 'Pause phrases' / 'Play phrases'. */
export function MotionToggle({ what, paused, onToggle }: { what: string; paused: boolean; onToggle: () => void }) {
  return (
    <Button type="text" size="small" icon={paused ? <CaretRightOutlined /> : <PauseOutlined />} onClick={onToggle} className="landing-motion-toggle">
      {paused ? `Play ${what}` : `Pause ${what}`}
    </Button>
  );
}
