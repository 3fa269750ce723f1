/** Site footer: about text, the fixed page links of spec §2.1, contact lines, subscribe box, copyright. */
import { BehaviourIsland } from '../../islands/BehaviourIsland';
import { INSTALL_HOLDER } from '../../pwa/install-button';
import type { SiteInfo } from '../api/types';
import { Island } from '../../islands/Island';
import classes from './layout.module.css';
import { SubscribeIsland } from './SubscribeBox';
import type { PublicFormProps } from '../forms/usePublicForm';
import { useLocalHref } from '../locale';
import { useSiteText } from '../../ui/site-text';
import { Button, CmsLink, Container, Group, SimpleGrid, Stack, Text } from '../ui';

const FOOTER_LINKS = [
  { href: '/about', label: 'footer.aboutUs' },
  { href: '/annual-reports', label: 'footer.annualReports' },
  { href: '/governing-body', label: 'footer.governingBody' },
  { href: '/privacy-policy', label: 'footer.privacyPolicy' },
  { href: '/career', label: 'footer.career' },
  { href: '/terms-and-conditions', label: 'footer.terms' },
] as const;

/** `subscribe`: the subscribe box's props (useFormProps), given by the layout, which keys the kept footer by them. */
export function Footer({ site, subscribe }: { site: SiteInfo; subscribe: PublicFormProps }) {
  const t = useSiteText();
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
              {t('footer.quickLinks')}
            </h2>
            <ul className={classes.footerLinks}>
              {FOOTER_LINKS.map((link) => (
                <li key={link.href}>
                  <CmsLink href={localize(link.href)} size="sm">
                    {t(link.label)}
                  </CmsLink>
                </li>
              ))}
            </ul>
          </nav>
          <address style={{ fontStyle: 'normal' }}>
            <h2 className={classes.footerHeading}>{t('footer.contact')}</h2>
            <Stack gap={6}>
              {site.address ? <Text size="sm">{site.address}</Text> : null}
              {site.phone ? (
                <Text size="sm">
                  {t('footer.phone')} <a href={`tel:${site.phone.replace(/[^\d+]/g, '')}`}>{site.phone}</a>
                </Text>
              ) : null}
              {site.email ? (
                <Text size="sm">
                  {t('footer.email')} <a href={`mailto:${site.email}`}>{site.email}</a>
                </Text>
              ) : null}
            </Stack>
          </address>
          <div>
            <h2 className={classes.footerHeading}>{t('footer.subscribe')}</h2>
            <Island name="subscribe" when="visible" component={SubscribeIsland} props={subscribe} />
          </div>
        </SimpleGrid>
      </Container>
      <div className={classes.copyright}>
        <Container size="xl" py="md">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{site.copyright || `© ${site.name}`}</Text>
            {/* Shown while the browser offers installation (pwa/install-button.ts). */}
            <BehaviourIsland name="install-app" when="needed" props={{}}>
              <span hidden {...{ [INSTALL_HOLDER]: '' }}>
                <Button size="xs" variant="white">
                  {t('pwa.install')}
                </Button>
              </span>
            </BehaviourIsland>
          </Group>
        </Container>
      </div>
    </footer>
  );
}
