/**
 * A query client for an island that sends something (the subscribe box, the contact form): inside
 * the app the document's client is there already; an island root of its own gets one.
 */
import { QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { useContext, useState, type ReactNode } from 'react';

export function WithQueryClient({ children }: { children: ReactNode }) {
  const present = useContext(QueryClientContext);
  const [own] = useState(() => (present ? null : new QueryClient()));
  if (!own) return children;
  return <QueryClientProvider client={own}>{children}</QueryClientProvider>;
}
