/**
 * Run in the document's head before anything paints (an inline script, allowed by its hash): marks
 * `<html data-session>` when a staff session is stored, so the sign-in form the server drew stays
 * hidden until the browser has decided what to show (api/session.ts keeps the token under this key).
 */
export const MARK_STORED_SESSION =
  "try{if(localStorage.getItem('auth_token')||sessionStorage.getItem('auth_token'))document.documentElement.dataset.session=''}catch(e){}";
