/** The site's social links (GET /cms/socials) as buttons; an icon image when the record has one. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { documentLanguage, siteLocalesOf } from '../locale';
import { SOCIAL_ICONS } from '../../ui/icons';
import { safeRel } from '../../../shared/sanitize-policy';
import { socialsQuery } from '../api/queries';
import type { Social } from '../api/types';
import { ButtonLink, Group } from '../ui';
import { useSiteText } from '../../ui/site-text';

/**
 * A social record's picture: its image, or its icon when that is an address; an icon that names
 * a network (facebook, youtube …) gets the site's own drawing of that mark.
 */
function SocialIcon({ social }: { social: Social }) {
  const icon = social.icon?.trim() ?? '';
  const src = social.image || (/^(https?:\/\/|\/)/.test(icon) ? icon : null);
  if (src) return <img src={src} alt="" width={18} height={18} loading="lazy" />;
  const Drawn = Object.hasOwn(SOCIAL_ICONS, icon.toLowerCase()) ? SOCIAL_ICONS[icon.toLowerCase()] : undefined;
  return Drawn ? <Drawn size={16} /> : null;
}

export function SocialButtons() {
  const t = useSiteText();
  const queryClient = useQueryClient();
  const { data: socials } = useQuery(socialsQuery());
  // Socials are not translated: their names are in the site's default language, said so on another's page.
  const defaultLocale = siteLocalesOf(queryClient)[0];
  const nameLang = defaultLocale !== documentLanguage(queryClient) ? defaultLocale : undefined;
  const links = (socials ?? []).filter((social) => social.link_url);
  if (links.length === 0) return null;
  return (
    <Group gap="xs" component="ul" aria-label={t('contact.follow')}>
      {links.map((social) => {
        const target = social.target || '_blank';
        return (
          <li key={social.id}>
            <ButtonLink
              href={social.link_url!}
              target={target}
              rel={safeRel(target, null) ?? undefined}
              variant="light"
              size="sm"
              leftSection={<SocialIcon social={social} />}
            >
              <span lang={nameLang}>{social.name}</span>
            </ButtonLink>
          </li>
        );
      })}
    </Group>
  );
}
