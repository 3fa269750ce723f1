/**
 * The 'Our Service' block of the services page (spec §2.1): six cards over five service pages.
 * The spec names six cards but five targets; IT training and hardware support both belong to the
 * general /service page, so those two cards share it.
 */
import { Card, CmsLink, Container, SimpleGrid, Text, Title } from '../ui';

const SERVICES = [
  {
    title: 'Software Service',
    href: '/software-service',
    text: 'Micro-banking and microfinance software built for institutions of every size.',
  },
  { title: 'Implementation', href: '/implementation', text: 'Installation, data migration and go-live support at every branch.' },
  { title: 'IT Training', href: '/service', text: 'Courses that turn young people and staff into skilled IT professionals.' },
  { title: 'Hardware Support', href: '/service', text: 'Supply, maintenance and repair of branch hardware by our field staff.' },
  {
    title: 'Network & Infrastructure',
    href: '/network-and-infrastructure',
    text: 'Connectivity, data centers and secure networks that keep branches online.',
  },
  {
    title: 'Specialization',
    href: '/specialization',
    text: 'Deep expertise in financial inclusion, reporting and regulatory compliance.',
  },
] as const;

export function OurServices() {
  return (
    <Container size="xl" component="section" py={48} aria-labelledby="our-service-heading">
      <Title order={2} id="our-service-heading" c="blue.9" mb="lg">
        Our Service
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
        {SERVICES.map((service) => (
          <Card key={service.title}>
            <Title order={3} size="h4" mb="xs">
              <CmsLink href={service.href} c="blue.9">
                {service.title}
              </CmsLink>
            </Title>
            <Text size="sm" c="gray.7">
              {service.text}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Container>
  );
}
