/** Site footer: about text, the fixed page links of spec §2.1, contact lines, subscribe box, copyright. */
import { Container, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { InstallAppButton } from '../../pwa/InstallAppButton';
import type { SiteInfo } from '../api/types';
import { CmsLink } from '../../ui/CmsLink';
import { Island } from '../../islands/Island';
import classes from './layout.module.css';
import { SubscribeIsland } from './SubscribeBox';
import { useFormProps } from '../forms/useFormProps';
import { useLocalHref } from '../locale';

const FOOTER_LINKS = [
  { href: '/about', label: 'About Us' },
  { href: '/annual-reports', label: 'Annual Reports' },
  { href: '/governing-body', label: 'Governing Body' },
  { href: '/privacy-policy', label: 'Privacy Policy' },
  { href: '/career', label: 'Career' },
  { href: '/terms-and-conditions', label: 'Terms & Conditions' },
] as const;

export function Footer({ site }: { site: SiteInfo }) {
  const subscribeProps = useFormProps('subscribe');
  const localize = useLocalHref();
  return (
    <footer className={classes.footer}>
      <Container size="xl" py={48}>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="xl">
          <Stack gap="sm">
            {site.logo_footer ? (
              <img src={site.logo_footer} alt={site.name} height={48} className={classes.logo} loading="lazy" />
            ) : null}
            <h2 className={classes.footerHeading}>{site.name}</h2>
            {site.description ? <Text size="sm">{site.description}</Text> : null}
          </Stack>
          <nav aria-labelledby="footer-links-heading">
            <h2 id="footer-links-heading" className={classes.footerHeading}>
              Quick Links
            </h2>
            <ul className={classes.footerLinks}>
              {FOOTER_LINKS.map((link) => (
                <li key={link.href}>
                  <CmsLink href={localize(link.href)} size="sm">
                    {link.label}
                  </CmsLink>
                </li>
              ))}
            </ul>
          </nav>
          <address style={{ fontStyle: 'normal' }}>
            <h2 className={classes.footerHeading}>Contact</h2>
            <Stack gap={6}>
              {site.address ? <Text size="sm">{site.address}</Text> : null}
              {site.phone ? (
                <Text size="sm">
                  Phone: <a href={`tel:${site.phone.replace(/[^\d+]/g, '')}`}>{site.phone}</a>
                </Text>
              ) : null}
              {site.email ? (
                <Text size="sm">
                  Email: <a href={`mailto:${site.email}`}>{site.email}</a>
                </Text>
              ) : null}
            </Stack>
          </address>
          <div>
            <h2 className={classes.footerHeading}>Subscribe</h2>
            <Island name="subscribe" when="visible" component={SubscribeIsland} props={subscribeProps} />
          </div>
        </SimpleGrid>
      </Container>
      <div className={classes.copyright}>
        <Container size="xl" py="md">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{site.copyright || `© ${site.name}`}</Text>
            <Island name="install-app" component={InstallAppButton} props={{ size: 'xs', variant: 'white' }} />
          </Group>
        </Container>
      </div>
    </footer>
  );
}
