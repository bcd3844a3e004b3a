import type { ThemeConfig } from 'antd';

/** The brand violet; the payment checkout uses it too. */
export const brandColor = '#6d28d9';

export const theme: ThemeConfig = {
  token: {
    colorPrimary: brandColor,
    colorLink: brandColor,
    borderRadius: 8,
  },
  components: {
    Layout: {
      headerBg: '#ffffff',
      headerPadding: '0 16px',
      bodyBg: '#faf8ff',
      footerBg: '#ffffff',
      footerPadding: '24px 16px',
    },
  },
};
