/** The summary claims the home page carries (spec §2.1 "Home"), as a band of figures. */
import { Container, SimpleGrid, Stack, Text, VisuallyHidden } from '@mantine/core';
import classes from './home.module.css';

const CLAIMS = [
  { value: '22', label: 'years of service' },
  { value: '426', label: 'data management centers' },
  { value: '4000+', label: 'branches' },
  { value: '70', label: 'institutions' },
  { value: '1300+', label: 'IT professionals' },
  { value: '7000', label: 'trained youths' },
  { value: '30', label: 'hardware staff' },
  { value: '5000', label: 'branches of 135 institutions' },
] as const;

export function ClaimsBand() {
  return (
    <section className={classes.claims} aria-labelledby="claims-heading">
      <Container size="xl" py={40}>
        <VisuallyHidden>
          <h2 id="claims-heading">Our work in numbers</h2>
        </VisuallyHidden>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xl" verticalSpacing="lg" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {CLAIMS.map((claim) => (
            <Stack key={claim.label} component="li" gap={2} ta="center">
              <span className={classes.claimValue}>{claim.value}</span>
              <Text className={classes.claimLabel} component="span">
                {claim.label}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>
    </section>
  );
}
