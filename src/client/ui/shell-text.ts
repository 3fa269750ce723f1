/** The shell's words (shared/messages/shell-text.ts) in the language shown here, for the app's first chunk. */
import { shellText, type ShellText } from '../../shared/messages/shell-text';
import { useSiteLocale } from './site-locale';

export const useShellText = (): ShellText => shellText(useSiteLocale());
