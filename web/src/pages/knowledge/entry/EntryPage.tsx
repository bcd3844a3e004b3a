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
import { PageLayout } from '../../../components/layout/PageLayout.tsx';
import styles from '../knowledge.module.css';

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
const paragraphsOf = (body: string) =>
  body
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '');

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
      <PageLayout width="text">
        <Result
          status="404"
          title={<h1 className={styles.notFoundTitle}>Entry not found</h1>}
          subTitle="The knowledge base has no entry at this address. It may have been renamed or removed."
          extra={
            <ButtonLink to={knowledgePath()} type="primary">
              Browse the Knowledge Base
            </ButtonLink>
          }
        />
      </PageLayout>
    );
  }
  if (error) {
    return (
      <PageLayout width="text" title="Knowledge Base" intro={backLink}>
        <Notice type="error" text={errorMessage('fetchKnowledgeEntry', error)} />
      </PageLayout>
    );
  }
  if (!entry) {
    return (
      <PageLayout width="text">
        <div role="status" aria-label="Loading the entry">
          <Skeleton active paragraph={{ rows: 10 }} />
        </div>
      </PageLayout>
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
    <PageLayout width="text">
      <article aria-labelledby="entry-title">
        <Flex vertical gap="large">
          <div>{backLink}</div>
          <header>
            <Tag className={styles.kind}>{readable(entry.kind)}</Tag>
            <h1 id="entry-title" className={styles.entryTitle}>
              {entry.title}
            </h1>
            <p className={styles.lead}>{entry.summary}</p>
          </header>

          <div>
            {paragraphsOf(entry.body).map((paragraph, index) => (
              <Typography.Paragraph key={index}>{paragraph}</Typography.Paragraph>
            ))}
          </div>

          <TagLinks label="States" items={entry.states.map((state) => ({ key: state, text: state, to: knowledgePath({ state }) }))} />
          <TagLinks label="Causes" items={entry.causes.map((cause) => ({ key: cause, text: readable(cause), to: knowledgePath({ cause }) }))} />

          {entry.questions.length > 0 && <EntryQuestions questions={entry.questions} onAsk={ask} />}
          {sources.length > 0 && <EntrySources sources={sources} />}

          <p className={styles.asOf}>
            Facts checked as of <time dateTime={entry.as_of}>{formatIndiaDate(entry.as_of)}</time>
          </p>
        </Flex>
      </article>
    </PageLayout>
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
      <Flex wrap gap="small" component="ul" aria-label={label} className={styles.plainList}>
        {items.map(({ key, text, to }) => (
          <li key={key}>
            <Tag className={styles.tag}>
              <RouterLink to={to}>{text}</RouterLink>
            </Tag>
          </li>
        ))}
      </Flex>
    </Flex>
  );
}

/** The questions the entry answers, each a button that takes it to the chat. */
function EntryQuestions({ questions, onAsk }: { questions: readonly string[]; onAsk: (question: string) => void }) {
  return (
    <section aria-labelledby="entry-questions">
      <h2 id="entry-questions" className={styles.h2}>
        Questions this answers
      </h2>
      <Typography.Paragraph type="secondary">Choose one to ask it in the chat.</Typography.Paragraph>
      <Flex vertical gap="small" component="ul" className={styles.plainList}>
        {questions.map((question) => (
          <li key={question}>
            <Button
              icon={<MessageOutlined aria-hidden="true" />}
              className={styles.question}
              onClick={() => {
                onAsk(question);
              }}
            >
              {question}
            </Button>
          </li>
        ))}
      </Flex>
    </section>
  );
}

/** The entry's https sources, each opening in a new tab. */
function EntrySources({ sources }: { sources: Entry['sources'] }) {
  return (
    <section aria-labelledby="entry-sources">
      <h2 id="entry-sources" className={styles.h2}>
        Sources
      </h2>
      <Typography.Paragraph type="secondary">Each opens in a new tab.</Typography.Paragraph>
      <Flex vertical gap="small" component="ul" className={styles.sources}>
        {sources.map((source) => (
          <li key={source.url}>
            <a className="app-link" href={source.url} target="_blank" rel="noopener noreferrer">
              {source.title}
            </a>
          </li>
        ))}
      </Flex>
    </section>
  );
}
