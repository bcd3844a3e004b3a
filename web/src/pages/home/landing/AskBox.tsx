import { ArrowRightOutlined, SearchOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { keepPendingQuestion } from '../../../session/pendingQuestion.ts';
import { useStartPath } from './useChooseQuestion.ts';

/**
 * Looks like the chat's question box and leads to it: the chat when signed in, else sign-up. It is
 * a link, because that is what it does; an older pending question is dropped so that the chat opens empty.
 */
export function AskBox() {
  return (
    <Link
      to={useStartPath()}
      className="landing-askbox"
      onClick={() => {
        keepPendingQuestion(null);
      }}
    >
      <SearchOutlined aria-hidden="true" className="landing-askbox-icon" />
      <span className="landing-askbox-text">Ask anything about social impact in India…</span>
      <span aria-hidden="true" className="landing-askbox-go">
        <ArrowRightOutlined />
      </span>
    </Link>
  );
}
