/**
 * Where the browser keeps a staff session, and what the server may know of it.
 *
 * The token lives in the browser's storage (client/api/session.ts), which the server never sees.
 * So that the server can still draw the right document for a back-office address, the browser
 * also keeps a hint cookie, `STAFF_COOKIE`, while a session is stored (it grants nothing: the API
 * asks for the token). Without it the server sends the sign-in screen as a light islands document
 * (the sign-in island, a fraction of the back-office's code); with it, the back-office app.
 */
export const TOKEN_KEY = 'auth_token';
export const STAFF_COOKIE = 'orgsite_staff';
/** Set once a tab has reloaded a sign-in document to open the app: it never reloads twice in a row. */
const REOPENED_KEY = 'orgsite_reopened';
/** A form whose press before its code is held (MARK_STORED_SESSION), and the mark of a held press. */
export const HELD_UNTIL_CODE = 'data-held-until-code';
export const PRESSED = 'data-pressed';

/**
 * Run in the head of every back-office document before anything paints (an inline script, allowed
 * by its hash). With a stored session it marks `<html data-session>`, so the sign-in form the
 * server drew stays hidden until the browser has decided what to show (admin.css); the hint cookie
 * follows the storage (a session kept from before the cookie, a cookie left by a session gone).
 * A sign-in islands document (`data-mode="islands"`) opened with a stored session is reloaded
 * once, now with the cookie, so the server sends the app.
 *
 * It also holds a press on a form marked `data-held-until-code` that comes before the screen's code
 * (the browser has checked its required fields; the form still asks the browser to): the press is
 * marked on the form (`data-pressed`) for the code to answer once it runs, instead of the browser
 * posting the words to an address that has no use for them. An empty press is answered by the
 * browser's own check (it fires `invalid`, not `submit`) and marked too, so the screen's messages
 * follow it once the code runs: the press is answered the same way whether it came a moment
 * before the code or a moment after.
 */
export const MARK_STORED_SESSION =
  `try{var d=document.documentElement,k='${TOKEN_KEY}',r='${REOPENED_KEY}',c='${STAFF_COOKIE}=';` +
  `if(localStorage.getItem(k)||sessionStorage.getItem(k)){d.dataset.session='';` +
  `if(document.cookie.indexOf(c+'1')<0)document.cookie=c+'1;path=/;samesite=lax';` +
  `if(d.dataset.mode!=='islands')sessionStorage.removeItem(r);` +
  `else if(document.cookie.indexOf(c+'1')>=0&&!sessionStorage.getItem(r)){sessionStorage.setItem(r,'1');location.reload()}}` +
  `else document.cookie=c+';path=/;max-age=0'}catch(e){}` +
  `document.addEventListener('submit',function(e){var f=e.target;` +
  `if(f&&f.hasAttribute&&f.hasAttribute('${HELD_UNTIL_CODE}')&&!f.noValidate){e.preventDefault();f.setAttribute('${PRESSED}','')}},true);` +
  `document.addEventListener('invalid',function(e){var f=e.target&&e.target.form;` +
  `if(f&&f.hasAttribute('${HELD_UNTIL_CODE}')&&!f.noValidate)f.setAttribute('${PRESSED}','')},true);`;

/** Whether a request's Cookie header carries the staff hint. */
export const hasStaffCookie = (cookieHeader: string | undefined): boolean =>
  (cookieHeader ?? '').split(';').some((pair) => pair.trim() === `${STAFF_COOKIE}=1`);
