import { createFileRoute } from '@tanstack/react-router';
import { ProfileScreen } from '../../admin/account/ProfileScreen';

export const Route = createFileRoute('/admin/account')({
  component: ProfileScreen,
});
