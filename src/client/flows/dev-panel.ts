/**
 * Under `npm run dev` only: a Flows button in the corner of every page (public or back-office)
 * that opens the built-in inspector (/admin/flows) in a window beside it. The page records its
 * flows without the `?flows` switch (inspect.ts), and the inspector follows it live from the other
 * window, as it follows any tab of the browser; so a developer watches a public island or a form
 * while using the page itself. A production build has none of it (import.meta.env.DEV).
 */
export function showDevPanel(): void {
  if (document.querySelector('[data-flows-dev-panel]')) return;
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = 'Flows';
  button.dataset.flowsDevPanel = '';
  button.title = 'Open the flow inspector beside this page (npm run dev only)';
  Object.assign(button.style, {
    position: 'fixed',
    insetInlineEnd: '12px',
    insetBlockEnd: '12px',
    zIndex: '2147483647',
    padding: '6px 10px',
    font: '600 13px/1 system-ui, sans-serif',
    color: '#fff',
    background: '#1c7ed6',
    border: '0',
    borderRadius: '6px',
    cursor: 'pointer',
  });
  button.addEventListener('click', () => {
    window.open(new URL('/admin/flows', location.href), 'orgsite-flows', 'popup,width=1100,height=800');
  });
  document.body.append(button);
}
