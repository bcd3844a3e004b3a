import type { ThemeConfig } from 'antd';

/** The brand violet; the payment checkout uses it too (app/global.css repeats it for the plain links). */
export const brandColor = '#6d28d9';

export const theme: ThemeConfig = {
  token: {
    colorPrimary: brandColor,
    colorLink: brandColor,
    // Links in running text are underlined: colour alone does not tell them apart (WCAG 1.4.1).
    linkDecoration: 'underline',
    // antd's grey secondary text and red are below 4.5:1 on white; these pass WCAG AA.
    colorTextSecondary: '#595959',
    colorTextTertiary: '#595959',
    colorTextDescription: '#595959',
    colorError: '#cf1322',
    borderRadius: 8,
  },
  components: {
    // An empty table says so in the disabled grey, below 4.5:1 on white.
    Table: { colorTextDisabled: '#595959' },
    Layout: {
      headerBg: '#ffffff',
      headerPadding: '0 16px',
      bodyBg: '#faf8ff',
      footerBg: '#ffffff',
      footerPadding: '24px 16px',
    },
  },
};
