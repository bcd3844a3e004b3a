import { useId, type ReactNode } from 'react';

/** One band of the landing page: a section named by its h2, content centred and padded for phones. */
export function LandingSection({ title, intro, tinted = false, children }: { title: string; intro?: ReactNode; tinted?: boolean; children: ReactNode }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className={tinted ? 'landing-section landing-section-tinted' : 'landing-section'}>
      <div className="landing-container">
        <h2 id={titleId} className="landing-h2">
          {title}
        </h2>
        {intro !== undefined && <p className="landing-intro app-secondary">{intro}</p>}
        {children}
      </div>
    </section>
  );
}
