/** The site's social links (GET /cms/socials) as buttons; an icon image when the record has one. */
import { Button, Group } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { safeRel } from '../../ui/sanitize-policy';
import { socialsQuery } from '../api/queries';
import type { Social } from '../api/types';

/** A social record's picture: its image, or its icon when that is an address rather than a name. */
function iconSrc(social: Social): string | null {
  if (social.image) return social.image;
  const icon = social.icon?.trim();
  return icon && /^(https?:\/\/|\/)/.test(icon) ? icon : null;
}

export function SocialButtons() {
  const { data: socials } = useQuery(socialsQuery());
  const links = (socials ?? []).filter((social) => social.link_url);
  if (links.length === 0) return null;
  return (
    <Group gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Follow us">
      {links.map((social) => {
        const src = iconSrc(social);
        const target = social.target || '_blank';
        return (
          <li key={social.id}>
            <Button
              component="a"
              href={social.link_url!}
              target={target}
              rel={safeRel(target, null) ?? undefined}
              variant="light"
              size="sm"
              leftSection={src ? <img src={src} alt="" width={18} height={18} loading="lazy" /> : null}
            >
              {social.name}
            </Button>
          </li>
        );
      })}
    </Group>
  );
}
