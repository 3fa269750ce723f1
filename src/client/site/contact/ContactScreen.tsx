/**
 * Contact (spec §2.1): a banner with the organisation's name, title, address and phone; email,
 * phone and address lines with the social buttons; the form; the map from the site info.
 */
import { useSuspenseQuery } from '@tanstack/react-query';
import { MailIcon, PhoneIcon, PinIcon } from '../../ui/icons';
import { SafeHtml } from '../../ui/SafeHtml';
import { siteInfoQuery } from '../api/queries';
import pageClasses from '../page/page.module.css';
import { Anchor, Container, Grid, GridCol, Group, Paper, Stack, Text, Title } from '../ui';
import { Island } from '../../islands/Island';
import { ContactIsland } from './ContactForm';
import { SocialButtons } from './SocialButtons';
import { useFormProps } from '../forms/useFormProps';
import { useSiteText } from '../../ui/site-text';

export function ContactScreen() {
  const t = useSiteText();
  const { data: site } = useSuspenseQuery(siteInfoQuery());
  const tel = site.phone?.replace(/[^\d+]/g, '');
  const formProps = useFormProps('contact');
  return (
    <>
      <div className={pageClasses.pageHead}>
        <Container size="xl" className={pageClasses.contactHead}>
          <Text fw={700} c="blue.8" tt="uppercase" size="sm">
            {t('menu.contact')}
          </Text>
          <h1 className={pageClasses.pageTitle}>{site.name}</h1>
          {site.title ? <p className={pageClasses.pageSub}>{site.title}</p> : null}
          <Group gap="xl" mt="md">
            {site.address ? <Text>{site.address}</Text> : null}
            {site.phone ? <Text fw={600}>{site.phone}</Text> : null}
          </Group>
        </Container>
      </div>
      <Container size="xl" py={48}>
        <Grid gap={48}>
          <GridCol span={{ base: 12, md: 5 }}>
            <Stack gap="lg">
              <Title order={2} c="blue.9">
                {t('contact.getInTouch')}
              </Title>
              <Stack gap="sm" component="address" style={{ fontStyle: 'normal' }}>
                {site.email ? (
                  <Group gap="sm" wrap="nowrap">
                    <MailIcon />
                    <Text>
                      {t('footer.email')} <Anchor href={`mailto:${site.email}`}>{site.email}</Anchor>
                    </Text>
                  </Group>
                ) : null}
                {site.phone ? (
                  <Group gap="sm" wrap="nowrap">
                    <PhoneIcon />
                    <Text>
                      {t('footer.phone')} <Anchor href={`tel:${tel}`}>{site.phone}</Anchor>
                    </Text>
                  </Group>
                ) : null}
                {site.address ? (
                  <Group gap="sm" wrap="nowrap" align="flex-start">
                    <PinIcon />
                    <Text>
                      {t('contact.address')} {site.address}
                    </Text>
                  </Group>
                ) : null}
              </Stack>
              <SocialButtons />
            </Stack>
          </GridCol>
          <GridCol span={{ base: 12, md: 7 }}>
            <Paper>
              <Title order={2} id="contact-form-heading" c="blue.9" mb="md">
                {t('contact.formTitle')}
              </Title>
              <Island name="contact-form" component={ContactIsland} props={formProps} />
            </Paper>
          </GridCol>
        </Grid>
      </Container>
      {site.map_html ? (
        <section aria-label={t('contact.map')}>
          <SafeHtml html={site.map_html} className={pageClasses.mapFrame} />
        </section>
      ) : null}
    </>
  );
}
