import { createTheme } from '@mantine/core';

/** The back-office look: denser, squarer and in indigo, applied only inside /admin. */
export const adminTheme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'sm',
  components: {
    Button: { defaultProps: { size: 'sm' } },
    TextInput: { defaultProps: { size: 'sm' } },
    Table: { defaultProps: { verticalSpacing: 'xs', highlightOnHover: true } },
  },
});
