import { createFileRoute } from '@tanstack/react-router';
import { PeopleScreen } from '../../admin/people/PeopleScreen';
import { RightsGate } from '../../admin/session/RightsGate';

export const Route = createFileRoute('/admin/people')({
  component: () => (
    <RightsGate allowed={(rights) => rights.can('people', 'read')}>
      <PeopleScreen />
    </RightsGate>
  ),
});
