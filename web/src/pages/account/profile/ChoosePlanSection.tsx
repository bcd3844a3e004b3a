import { useEffect } from 'react';
import { Card } from 'antd';
import { useLocation } from 'react-router-dom';
import { PlanChoice } from '../../../billing/PlanChoice.tsx';
import { SectionTitle } from '../../../components/SectionTitle.tsx';
import styles from './profile.module.css';

const CHOOSE_A_PLAN = 'choose-a-plan';

/**
 * The plan selection: the landing page's pricing cards. The chat's limit dialog links here as
 * /profile#choose-a-plan; once the sections above have their final height (`settled`), the page
 * scrolls to this one and moves the focus to its title.
 */
export function ChoosePlanSection({ settled }: { settled: boolean }) {
  const { hash } = useLocation();

  useEffect(() => {
    if (hash !== `#${CHOOSE_A_PLAN}` || !settled) return;
    const title = document.getElementById(`${CHOOSE_A_PLAN}-title`);
    title?.focus({ preventScroll: true });
    const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    document.getElementById(CHOOSE_A_PLAN)?.scrollIntoView({ behavior: reducedMotion ? 'auto' : 'smooth', block: 'start' });
  }, [hash, settled]);

  return (
    <Card id={CHOOSE_A_PLAN} className={styles.choosePlan} title={<SectionTitle id={`${CHOOSE_A_PLAN}-title`}>Choose a Plan</SectionTitle>}>
      <PlanChoice />
    </Card>
  );
}
