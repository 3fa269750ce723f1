import { createFileRoute } from '@tanstack/react-router';
import { ProfileScreen } from '../../admin/profile/ProfileScreen';

export const Route = createFileRoute('/admin/profile')({
  component: ProfileScreen,
});
