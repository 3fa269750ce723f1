import { createTheme } from '@mantine/core';

/** The public site's look. The admin wraps its screens in its own theme (src/client/admin). */
export const theme = createTheme({
  primaryColor: 'blue',
  // Shade 6 of blue on white (and white on it) is 3.5:1, below WCAG AA's 4.5:1; shade 8 passes.
  primaryShade: { light: 8, dark: 6 },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
  components: {
    // A dialog's title bar is not the page's banner: Mantine's <header> there made a second one.
    ModalHeader: { defaultProps: { component: 'div' } },
  },
});
