import { createFileRoute, notFound } from '@tanstack/react-router';
import { FormEntries } from '../../../admin/form-entries/FormEntries';
import { parseEntriesSearch } from '../../../admin/form-entries/entries-search';
import { RightsGate } from '../../../admin/session/RightsGate';

/** One form's entries (admin/form-entries/FormEntries.tsx), reached from the form's edit screen. */
export const Route = createFileRoute('/admin/entries/$formId')({
  validateSearch: parseEntriesSearch,
  beforeLoad: ({ params }) => {
    if (!/^[1-9]\d{0,9}$/.test(params.formId)) throw notFound();
  },
  component: EntriesRoute,
});

function EntriesRoute() {
  const { formId } = Route.useParams();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <RightsGate allowed={(rights) => rights.can('form-entries', 'read')}>
      <FormEntries formId={Number(formId)} search={search} onChange={(next) => void navigate({ search: next })} />
    </RightsGate>
  );
}
