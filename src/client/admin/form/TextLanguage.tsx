import { type EntityDef, localizedFields } from '../../../shared/entities';
import { languageName } from '../../../shared/locales';
import { useAdminText } from '../i18n';
import { useSiteLocales } from '../session/site-locales';
import { Segments } from '../Segments';

/**
 * Which language's text the form above it edits, when the site has more than one and the entity
 * has text in each. A record being created is written in the default language first: the others
 * show (so the form sits where it will sit once saved, at its own address) but wait for the save.
 */
export function TextLanguage({
  def,
  locale,
  onChange,
}: {
  def: EntityDef;
  /** The language being edited; none: the default one. */
  locale?: string;
  /** Without it (a record not saved yet) only the default language can be chosen. */
  onChange?: (tag: string) => void;
}) {
  const { t } = useAdminText();
  const locales = useSiteLocales();
  if (locales.length < 2 || localizedFields(def).length === 0) return null;
  return (
    <div>
      <Segments
        size="sm"
        label={t('form.textLanguage')}
        value={locale ?? locales[0]!}
        data={locales.map((tag, at) => {
          const waits = !onChange && at > 0;
          return {
            value: tag,
            label: languageName(tag),
            disabled: waits,
            title: waits ? t('form.translateAfterSave', { language: languageName(tag) }) : undefined,
          };
        })}
        onChange={(tag) => onChange?.(tag)}
      />
    </div>
  );
}
