import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Result, Skeleton, Tag, Typography } from 'antd';
import { ArrowLeftOutlined, MessageOutlined } from '@ant-design/icons';
import { useNavigate, useParams } from 'react-router-dom';
import { ApiError } from '../../../api/client.ts';
import { errorMessage } from '../../../api/errors.ts';
import { useOwnPageTitle } from '../../../app/pageTitle.ts';
import { formatIndiaDate } from '../../../billing/format.ts';
import { Notice } from '../../../components/Notice.tsx';
import { ButtonLink, RouterLink } from '../../../components/RouterLink.tsx';
import { keepPendingQuestion } from '../../../session/pendingQuestion.ts';
import { entryQuery, isEntryId, knowledgePath, readable, type Entry } from '../knowledgeApi.ts';

const pageStyle = { maxWidth: 820, margin: '0 auto', padding: 'clamp(24px, 5vw, 48px) 16px' } as const;
const listStyle = { listStyle: 'none', padding: 0, margin: 0 } as const;
const h2Style = { margin: '0 0 12px', fontSize: 20 } as const;

const backLink = (
  <RouterLink to={knowledgePath()}>
    <ArrowLeftOutlined aria-hidden="true" /> Knowledge Base
  </RouterLink>
);

/** Only https addresses are linked: an entry's sources are checked to be so, and anything else is dropped. */
function isHttps(url: string): boolean {
  try {
    return new URL(url).protocol === 'https:';
  } catch {
    return false;
  }
}

/** Blank lines part an entry's body into paragraphs. */
const paragraphsOf = (body: string) => body.split(/\n\s*\n/).map((paragraph) => paragraph.trim()).filter((paragraph) => paragraph !== '');

/** One entry of the knowledge base, where a chat answer's source link leads. */
export function EntryPage() {
  const { id } = useParams();
  const known = isEntryId(id);
  const { data: entry, error } = useQuery({ ...entryQuery(known ? id : ''), enabled: known });
  // An id the server could not hold is answered here, without asking it.
  const notFound = !known || (error instanceof ApiError && (error.status === 404 || error.status === 400));
  useOwnPageTitle(entry?.title ?? (notFound ? 'Entry not found' : 'Knowledge Base'));

  if (notFound) {
    return (
      <Result
        status="404"
        title={<h1 style={{ margin: 0, font: 'inherit', color: 'inherit' }}>Entry not found</h1>}
        subTitle="The knowledge base has no entry at this address. It may have been renamed or removed."
        extra={
          <ButtonLink to={knowledgePath()} type="primary">
            Browse the Knowledge Base
          </ButtonLink>
        }
      />
    );
  }
  if (error) {
    return (
      <Flex vertical gap="middle" align="flex-start" style={pageStyle}>
        {backLink}
        <Typography.Title level={1} style={{ margin: 0, fontSize: 30 }}>
          Knowledge Base
        </Typography.Title>
        <div style={{ alignSelf: 'stretch' }}>
          <Notice type="error" text={errorMessage('fetchKnowledgeEntry', error)} />
        </div>
      </Flex>
    );
  }
  if (!entry) {
    return (
      <div style={pageStyle} role="status" aria-label="Loading the entry">
        <Skeleton active paragraph={{ rows: 10 }} />
      </div>
    );
  }
  return <EntryArticle entry={entry} />;
}

function EntryArticle({ entry }: { entry: Entry }) {
  const navigate = useNavigate();
  const sources = entry.sources.filter((source) => isHttps(source.url));

  // As a landing sample question does: kept for the chat, which puts it in its input.
  const ask = (question: string) => {
    keepPendingQuestion(question);
    void navigate('/chat');
  };

  return (
    <article style={pageStyle} aria-labelledby="entry-title">
      <Flex vertical gap="large">
        <div>{backLink}</div>
        <header>
          <Tag style={{ marginBottom: 8 }}>{readable(entry.kind)}</Tag>
          <Typography.Title id="entry-title" level={1} style={{ margin: 0, fontSize: 30 }}>
            {entry.title}
          </Typography.Title>
          <Typography.Paragraph style={{ margin: '12px 0 0', fontSize: 17 }}>{entry.summary}</Typography.Paragraph>
        </header>

        <div>
          {paragraphsOf(entry.body).map((paragraph, index) => (
            <Typography.Paragraph key={index}>{paragraph}</Typography.Paragraph>
          ))}
        </div>

        <TagLinks label="States" items={entry.states.map((state) => ({ key: state, text: state, to: knowledgePath({ state }) }))} />
        <TagLinks label="Causes" items={entry.causes.map((cause) => ({ key: cause, text: readable(cause), to: knowledgePath({ cause }) }))} />

        {entry.questions.length > 0 && (
          <section aria-labelledby="entry-questions">
            <Typography.Title id="entry-questions" level={2} style={h2Style}>
              Questions this answers
            </Typography.Title>
            <Typography.Paragraph type="secondary">Choose one to ask it in the chat.</Typography.Paragraph>
            <Flex vertical gap={8} component="ul" style={listStyle}>
              {entry.questions.map((question) => (
                <li key={question}>
                  <Button
                    icon={<MessageOutlined aria-hidden="true" />}
                    style={{ whiteSpace: 'normal', height: 'auto', padding: '6px 12px', textAlign: 'left' }}
                    onClick={() => {
                      ask(question);
                    }}
                  >
                    {question}
                  </Button>
                </li>
              ))}
            </Flex>
          </section>
        )}

        {sources.length > 0 && (
          <section aria-labelledby="entry-sources">
            <Typography.Title id="entry-sources" level={2} style={h2Style}>
              Sources
            </Typography.Title>
            <Typography.Paragraph type="secondary">Each opens in a new tab.</Typography.Paragraph>
            <Flex vertical gap={8} component="ul" style={{ ...listStyle, paddingLeft: 20, listStyle: 'disc' }}>
              {sources.map((source) => (
                <li key={source.url}>
                  <a className="app-link" href={source.url} target="_blank" rel="noopener noreferrer">
                    {source.title}
                  </a>
                </li>
              ))}
            </Flex>
          </section>
        )}

        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          Facts checked as of <time dateTime={entry.as_of}>{formatIndiaDate(entry.as_of)}</time>
        </Typography.Paragraph>
      </Flex>
    </article>
  );
}

interface TagLink {
  key: string;
  text: string;
  to: string;
}

/** States or causes as tags, each a link to the list filtered by it. */
function TagLinks({ label, items }: { label: string; items: TagLink[] }) {
  if (items.length === 0) return null;
  return (
    <Flex wrap gap={8} align="center">
      <Typography.Text strong>{label}:</Typography.Text>
      <Flex wrap gap={8} component="ul" aria-label={label} style={listStyle}>
        {items.map(({ key, text, to }) => (
          <li key={key}>
            <Tag style={{ margin: 0 }}>
              <RouterLink to={to}>{text}</RouterLink>
            </Tag>
          </li>
        ))}
      </Flex>
    </Flex>
  );
}
