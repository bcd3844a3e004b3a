import { Typography } from 'antd';
import { InfoArticle } from '../InfoArticle.tsx';
import { WriteToUs } from '../WriteToUs.tsx';
import { RouterLink } from '../../../components/RouterLink.tsx';
import { publisher } from '../../../components/layout/publisher.ts';
import { BASIC_PLAN, formatRupees, PREMIUM_PLAN, queriesPerMonth } from '../../../billing/plans.ts';
import styles from '../info.module.css';

const { Title, Paragraph, Link } = Typography;

/** About Better+: what it is, how its answers are made, who it is for and who brings it. Typography (an <article>) styles the text and lists. */
export function AboutPage() {
  return (
    <InfoArticle title="About Better+">
      <Paragraph className={styles.lead}>
        Better+ is a knowledge assistant for social impact in India. You ask a question in your own words, and Better+ answers from a curated archive of Indian
        social-impact organisations, solutions, success stories, step-by-step guides, changemakers and government schemes, and shows you where each answer comes
        from.
      </Paragraph>

      <Title level={2}>Why we built it</Title>
      <Paragraph>
        Across India, people have already found answers to hard problems: how a drought-hit village can budget its water, how a poor family can get a free
        artificial limb, how to register a nonprofit or ask the government for information under the RTI Act. That knowledge is spread over news reports,
        government pages and the memory of the people who did the work. Better+ gathers it in one place, so that the next person who needs it can find it in a
        minute.
      </Paragraph>

      <Title level={2}>How answers are made</Title>
      <Paragraph>
        Every entry in the archive is written from published sources: newspaper and magazine reports, the pages of the organisations themselves, and official
        government sites. Each entry lists those sources and carries the date its facts are current to. When you ask a question, Better+ finds the entries that
        answer it and writes its answer only from them, naming the entries it used and linking to their sources. When the archive does not cover a question,
        Better+ tells you so instead of guessing.
      </Paragraph>
      <Paragraph>
        Schemes change and organisations grow, so treat an answer as a well-sourced starting point: read the sources, and for a government scheme check its
        official site before you act.
      </Paragraph>

      <Title level={2}>Who it is for</Title>
      <Paragraph>
        Aspiring entrepreneurs, students, young professionals, researchers, policy makers and social-impact enthusiasts: anyone who wants to learn what works,
        who is doing it and how to begin.
      </Paragraph>

      <Title level={2}>Who brings it to you</Title>
      <Paragraph>
        Better+ is built in India and brought to you by{' '}
        <Link href={publisher.url} target="_blank" rel="noopener noreferrer">
          {publisher.name}
        </Link>
        , a publisher of positive news about people and ideas that are changing the country for the better.
      </Paragraph>

      <Title level={2}>Plans</Title>
      <Paragraph>
        The {BASIC_PLAN.name} plan is free and includes {queriesPerMonth(BASIC_PLAN)}. The {PREMIUM_PLAN.name} plan costs{' '}
        {formatRupees(PREMIUM_PLAN.monthlyPriceRupees)} per month and includes {queriesPerMonth(PREMIUM_PLAN)}. It is paid monthly through Razorpay and you can
        cancel it anytime. The details are in our <RouterLink to="/terms">Terms and Conditions</RouterLink>.
      </Paragraph>

      <Title level={2}>Get in touch</Title>
      <WriteToUs lead="Questions, feedback or a story we should add? Write to us" />
    </InfoArticle>
  );
}
