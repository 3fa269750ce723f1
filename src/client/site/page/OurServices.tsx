/**
 * The 'Our Service' block of the services page (spec §2.1): six cards over five service pages.
 * The spec names six cards but five targets; IT training and hardware support both belong to the
 * general /service page, so those two cards share it.
 */
import { Card, CmsLink, Container, SimpleGrid, Text, Title } from '../ui';
import { useSiteText } from '../../ui/site-text';

/** Each card: its catalogue key (the title; `.text` its line) and the page it links to. */
const SERVICES = [
  { key: 'services.software', href: '/software-service' },
  { key: 'services.implementation', href: '/implementation' },
  { key: 'services.training', href: '/service' },
  { key: 'services.hardware', href: '/service' },
  { key: 'services.network', href: '/network-and-infrastructure' },
  { key: 'services.specialization', href: '/specialization' },
] as const;

export function OurServices() {
  const t = useSiteText();
  return (
    <Container size="xl" component="section" py={48} aria-labelledby="our-service-heading">
      <Title order={2} id="our-service-heading" c="blue.9" mb="lg">
        {t('services.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
        {SERVICES.map((service) => (
          <Card key={service.key}>
            <Title order={3} size="h4" mb="xs">
              <CmsLink href={service.href} c="blue.9">
                {t(service.key)}
              </CmsLink>
            </Title>
            <Text size="sm" c="gray.7">
              {t(`${service.key}.text`)}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Container>
  );
}
