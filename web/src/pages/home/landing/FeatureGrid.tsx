import type { ReactNode } from 'react';
import { BookOutlined, BulbOutlined, EnvironmentOutlined, RocketOutlined, SearchOutlined, TeamOutlined } from '@ant-design/icons';
import { LandingSection } from './LandingSection.tsx';

const features: { title: string; text: string; icon: ReactNode }[] = [
  {
    title: 'Knowledge Hub',
    text: 'One curated archive of Indian solutions, success stories, step-by-step guides, organisations, changemakers and government schemes, every entry with its sources.',
    icon: <BookOutlined />,
  },
  {
    title: 'Business Startup Resources',
    text: 'Step-by-step guides for getting started, such as registering a nonprofit, forming a self-help group, receiving CSR funds and offering donors 80G tax benefits.',
    icon: <RocketOutlined />,
  },
  {
    title: 'Search by Problem or Need',
    text: 'Describe the problem, say a village short of water or a family that needs an artificial limb, and Better+ finds the entries that deal with it.',
    icon: <SearchOutlined />,
  },
  {
    title: 'Find Changemakers',
    text: 'Meet the people behind the work, from Ela Bhatt of SEWA to Sonam Wangchuk of the ice stupas, and the organisations they built.',
    icon: <TeamOutlined />,
  },
  {
    title: 'Localized Impact',
    text: 'Entries are tagged by state, so you can ask what has worked in Ladakh, Kerala, Rajasthan or your own part of India.',
    icon: <EnvironmentOutlined />,
  },
  {
    title: 'Intelligent Recommendations',
    text: 'Answers suggest follow-up questions drawn from related entries, so one question leads you to the next.',
    icon: <BulbOutlined />,
  },
];

export function FeatureGrid() {
  return (
    <LandingSection title="What you can do with Better+" tinted>
      <ul className="landing-grid landing-grid-3">
        {features.map(({ title, text, icon }) => (
          <li key={title} className="landing-card">
            <span aria-hidden="true" className="landing-card-icon">
              {icon}
            </span>
            <h3 className="landing-h3">{title}</h3>
            <p className="app-secondary">{text}</p>
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}
