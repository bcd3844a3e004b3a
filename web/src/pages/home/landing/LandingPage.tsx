import { Flex } from 'antd';
import { useSession } from '../../../session/context.ts';
import { ButtonLink } from '../../../components/RouterLink.tsx';

// Plain headings and text rather than antd's Typography, which would more than double this page's code.
export function LandingPage() {
  const { user } = useSession();

  return (
    <Flex
      vertical
      align="center"
      style={{
        padding: 'clamp(48px, 10vw, 120px) 16px',
        textAlign: 'center',
        background: 'linear-gradient(180deg, #f3edff 0%, transparent 100%)',
      }}
    >
      <h1 style={{ maxWidth: 800, margin: '0 0 16px', fontSize: 'clamp(2rem, 6vw, 3.5rem)', lineHeight: 1.15, fontWeight: 600 }}>
        Your knowledge assistant for all things impact
      </h1>
      <p className="app-secondary" style={{ maxWidth: 640, margin: '0 0 24px', fontSize: 18 }}>
        Ask about solutions, success stories, step-by-step guides, organisations and changemakers
        making a difference across India.
      </p>
      <ButtonLink to={user ? '/chat' : '/signup'} type="primary" size="large">
        Get started
      </ButtonLink>
    </Flex>
  );
}
