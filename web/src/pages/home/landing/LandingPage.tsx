import { Flex, Typography } from 'antd';
import { useSession } from '../../../session/context.ts';
import { ButtonLink } from '../../../components/RouterLink.tsx';

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
      <Typography.Title style={{ maxWidth: 800, fontSize: 'clamp(2rem, 6vw, 3.5rem)', lineHeight: 1.15 }}>
        Your knowledge assistant for all things impact
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ maxWidth: 640, fontSize: 18 }}>
        Ask about solutions, success stories, step-by-step guides, organisations and changemakers
        making a difference across India.
      </Typography.Paragraph>
      <ButtonLink to={user ? '/chat' : '/signup'} type="primary" size="large">
        Get started
      </ButtonLink>
    </Flex>
  );
}
