import { createTheme } from '@mantine/core';
// With the theme that names it, so every document that draws with either theme has it.
import './site/fonts/fonts.css';

/**
 * The system's own fonts, and Noto Sans Bengali (site/fonts/fonts.css) first for Bangla only: its
 * unicode-range keeps it to Bengali letters, so Latin text is the system's and Bangla looks the same
 * on every device.
 */
export const SITE_FONTS =
  '"Noto Sans Bengali", system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

/** The public site's look. The admin wraps its screens in its own theme (src/client/admin). */
export const theme = createTheme({
  primaryColor: 'blue',
  // Shade 6 of blue on white (and white on it) is 3.5:1, below WCAG AA's 4.5:1; shade 8 passes.
  primaryShade: { light: 8, dark: 6 },
  fontFamily: SITE_FONTS,
  headings: { fontFamily: SITE_FONTS },
  components: {
    // A dialog's title bar is not the page's banner: Mantine's <header> there made a second one.
    ModalHeader: { defaultProps: { component: 'div' } },
    // A spinner is named by its aria-label ("Loading …"), which a bare <span> may not carry: as a
    // status it is allowed, and screen readers announce it. The admin theme inherits this.
    Loader: { defaultProps: { role: 'status' } },
  },
});
