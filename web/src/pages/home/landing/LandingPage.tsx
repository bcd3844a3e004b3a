import { FeatureGrid } from './FeatureGrid.tsx';
import { Hero } from './Hero.tsx';
import { HowItWorks } from './HowItWorks.tsx';
import { Pricing } from './Pricing.tsx';
import { RotatingQuestion } from './RotatingQuestion.tsx';
import { WhoCanBenefit } from './WhoCanBenefit.tsx';
import { WhyJoin } from './WhyJoin.tsx';
import './landing.css';
import { PageLayout } from '../../../components/layout/PageLayout.tsx';

// The landing page ships with the shell (routes.tsx), so it is plain markup styled by landing.css,
// with antd's Button and a few icons only: antd's Card, Typography or Grid would more than double its code.
export function LandingPage() {
  return (
    <PageLayout width="bleed">
      <div className="landing">
        <Hero />
        <HowItWorks />
        <FeatureGrid />
        <WhoCanBenefit />
        <RotatingQuestion />
        <WhyJoin />
        <Pricing />
      </div>
    </PageLayout>
  );
}
