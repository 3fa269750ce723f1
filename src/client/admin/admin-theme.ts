import { createTheme } from '@mantine/core';
import { SITE_FONTS } from '../theme';

/** The back-office look: denser, squarer and in indigo, applied only inside /admin. */
export const adminTheme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'sm',
  // The site's fonts: Bangla text (a translation, a Bangla name) in Noto Sans Bengali on every device.
  fontFamily: SITE_FONTS,
  headings: { fontFamily: SITE_FONTS },
  components: {
    Button: { defaultProps: { size: 'sm' } },
    TextInput: { defaultProps: { size: 'sm' } },
    Table: { defaultProps: { verticalSpacing: 'xs', highlightOnHover: true } },
  },
});
