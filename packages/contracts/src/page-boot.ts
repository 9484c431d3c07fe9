import { LEAD_FORM_HIDDEN } from './leads/lead-wire';

/**
 * The events that mean a visitor is acting on a public page: each comes before
 * the click, key or typing it announces (frontends/public-shell/src/pages/hydration.ts).
 */
export const INTERACTION_EVENTS = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

/** The attribute the loader puts on a button pressed before the page was live; the page presses it again once it is. */
export const REPLAY_CLICK_ATTRIBUTE = 'data-replay-click';

/**
 * The attribute the loader puts on a form the browser is posting by itself: the
 * page, should it come alive meanwhile, sends nothing more for it (one lead, not
 * two). Cleared when the page is shown again from the back-forward cache.
 */
export const POSTED_FORM_ATTRIBUTE = 'data-posted';

/**
 * What a page says when its script could not be loaded and nothing on it works
 * without (a page with a lead form needs no script: its form posts itself).
 */
export const PAGE_SCRIPT_FAILED = { message: 'This page did not load completely. Check your connection, then reload it.', action: 'Reload' } as const;

/** How long a held form with an action of its own waits for the page to come alive before the browser posts it. */
export const HELD_SUBMIT_FALLBACK_MS = 8000;

/**
 * Every public page loads its script with this inline loader instead of a
 * `<script type="module">` tag:
 * - with `data-now` (a page that changes by itself) it runs the entry
 *   (`data-src`) as soon as the document is parsed, like a module script tag;
 * - otherwise, at the window's `load` event (after the first paint and the
 *   hero image) it preloads the entry and the page's modules (`data-preload`,
 *   space-separated), one a task so none blocks a tap for long: fetched and
 *   compiled, not run; at the visitor's first touch, key press or focus it
 *   runs the entry and marks `<html data-acted>`, so the page hydrates at once.
 * Until the page is live (`<html data-live>`), nothing the visitor does is lost
 * or sent the wrong way: a form's submission is held (never sent natively to
 * the page's own address, which is no endpoint) and its button, like a button that
 * does nothing without script, gets REPLAY_CLICK_ATTRIBUTE; the live page
 * presses it again. A held form with an `action` of its own (the lead forms:
 * LEAD_FORM_PATH) is not left waiting on a script that never comes: when the
 * entry fails to load, or the page is not live HELD_SUBMIT_FALLBACK_MS after
 * the press, the loader adds the page's address and referrer
 * (LEAD_FORM_HIDDEN) and the browser posts the form itself, once its own
 * checks pass, marking it POSTED_FORM_ATTRIBUTE; the live page then sends
 * nothing more for it. A page without such a form whose script fails to load
 * says so (PAGE_SCRIPT_FAILED) with a button to reload. The addresses are
 * attributes, so the text is the same for every build, and the gateway
 * allows exactly this script by its hash
 * (gateway/src/plugins/security.ts). Change it and the hash follows.
 */
export const PAGE_BOOT_SCRIPT =
  '(function(){var s=document.currentScript,h=document.documentElement,o={capture:true,passive:true},' +
  `t=${JSON.stringify(INTERACTION_EVENTS)},r=${JSON.stringify(REPLAY_CLICK_ATTRIBUTE)},P=${JSON.stringify(POSTED_FORM_ATTRIBUTE)},p=0,d=0,F=0,b=0,w=0;` +
  'function add(e){document.head.appendChild(e)}' +
  'function live(){return h.hasAttribute("data-live")}' +
  'function mark(b){if(b)b.setAttribute(r,"")}' +
  'function preload(){if(p)return;p=1;var q=(s.getAttribute("data-src")+" "+(s.getAttribute("data-preload")||"")).split(" ");' +
  '(function next(){var u=q.shift();if(u){var l=document.createElement("link");l.rel="modulepreload";l.href=u;add(l)}if(q.length)setTimeout(next)})()}' +
  'function run(){var m=document.createElement("script");m.type="module";m.src=s.getAttribute("data-src");m.onerror=fail;add(m)}' +
  // The script did not come: a held lead form posts itself; a page that needs its script says so, with a way to reload.
  'function fail(){b=1;post();if(document.querySelector("form[action]"))return;var z=document.createElement("div"),y=document.createElement("button");' +
  'z.setAttribute("role","alert");z.className="page-load-failed";' +
  'z.style.cssText="position:fixed;left:1rem;right:1rem;bottom:1rem;z-index:2147483647;display:flex;gap:1rem;align-items:center;justify-content:space-between;' +
  'padding:.75rem 1rem;border-radius:.5rem;background:#101828;color:#fff;font:15px/1.4 system-ui,sans-serif;box-shadow:0 4px 12px rgb(0 0 0/25%)";' +
  `z.textContent=${JSON.stringify(PAGE_SCRIPT_FAILED.message)};y.type="button";y.textContent=${JSON.stringify(PAGE_SCRIPT_FAILED.action)};` +
  'y.style.cssText="flex:none;padding:.5rem .875rem;border:0;border-radius:.375rem;background:#fff;color:#101828;font:inherit;font-weight:600;cursor:pointer";' +
  'y.addEventListener("click",function(){location.reload()});z.appendChild(y);document.body.appendChild(z)}' +
  'function go(e){if(e)h.setAttribute("data-acted","");if(d)return;d=1;t.forEach(function(n){removeEventListener(n,go,o)});' +
  'if(document.readyState==="loading")addEventListener("DOMContentLoaded",run);else run()}' +
  'function hid(m,n,v){var i=m.querySelector("input[name="+n+"]")||m.appendChild(document.createElement("input"));i.type="hidden";i.name=n;i.value=v}' +
  'function post(){var m=F;clearTimeout(w);w=0;if(!m||live())return F=0;F=0;' +
  '[].forEach.call(m.querySelectorAll("["+r+"]"),function(x){x.removeAttribute(r)});' +
  `hid(m,${JSON.stringify(LEAD_FORM_HIDDEN.landingUrl)},location.pathname+location.search);hid(m,${JSON.stringify(LEAD_FORM_HIDDEN.referrer)},document.referrer);` +
  'if(m.reportValidity()){m.setAttribute(P,"");m.submit()}}' +
  'function k(e){if(live())return removeEventListener("click",k,true);' +
  'var b=e.target instanceof Element&&e.target.closest("button");if(b&&(b.type==="button"||!b.form))mark(b)}' +
  'function f(e){if(live())return removeEventListener("submit",f,true);e.preventDefault();mark(e.submitter);' +
  `if(e.target.getAttribute("action")){F=e.target;if(b)return post();if(!w)w=setTimeout(function(){b=1;post()},${HELD_SUBMIT_FALLBACK_MS})}go(e)}` +
  't.forEach(function(n){addEventListener(n,go,o)});addEventListener("click",k,true);addEventListener("submit",f,true);' +
  'addEventListener("pageshow",function(e){if(e.persisted)[].forEach.call(document.querySelectorAll("form["+P+"]"),function(x){x.removeAttribute(P)})});' +
  'if(s.hasAttribute("data-now"))go();else if(document.readyState==="complete")preload();else addEventListener("load",preload)})()';
