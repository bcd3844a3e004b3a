import type { ReactNode } from 'react';
import { ConfigProvider, Typography, type ThemeConfig } from 'antd';
import { PageLayout } from '../../components/layout/PageLayout.tsx';

/** Running text's section headings: smaller than antd's h2, with room above. */
const articleTheme: ThemeConfig = { components: { Typography: { fontSizeHeading2: 22, titleMarginTop: 32 } } };

/** An info page (about, terms, privacy): its title, then running text that Typography (an <article>) styles. */
export function InfoArticle({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <PageLayout width="text" title={title} intro={intro}>
      <ConfigProvider theme={articleTheme}>
        <Typography>{children}</Typography>
      </ConfigProvider>
    </PageLayout>
  );
}
