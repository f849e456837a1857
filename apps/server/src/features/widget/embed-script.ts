/**
 * `GET /embed.js`: the script a builder's snippet loads on their own site (`<script src="{PUBLIC_URL}/embed.js"
 * data-app="{appId}" async>`). No framework and nothing to build: it reads its own tag, asks for the assistant's
 * public face (`GET /api/apps/{appId}/assistant/info`, open to any origin) and adds a chat bubble in the app's
 * colour that opens the assistant in a frame of the product's origin (`/embed/{appId}`). The bubble lives in a
 * shadow root, so the site's styles cannot reach it. An assistant that is not active shows no bubble, and neither
 * does a site the builder did not allow (`/embed-allowed/{appId}`): the console says why.
 *
 * The visitor's id: browsers that block third-party storage give the frame none of its own, so the page keeps the
 * id the frame reports (`buildai:visitor`) in the site's storage and hands it back in the frame's address
 * (`#visitor=`) — the visitor's conversation then survives a reload of the site (decision 0010 "The widget's visitor").
 *
 * The builder's widget settings (decision 0017) come with the info: the corner, the bubble's colour and icon, a
 * greeting shown beside the closed bubble (dismissed for the rest of the visit), and opening on load (not on narrow
 * screens, where the chat would cover the page).
 */
export const EMBED_SCRIPT = String.raw`(function () {
  'use strict';
  var script = document.currentScript || document.querySelector('script[data-app][src*="/embed.js"]');
  if (!script) return;
  var appId = script.getAttribute('data-app');
  if (!appId) return;
  var origin;
  try { origin = new URL(script.src, location.href).origin; } catch (e) { return; }
  var seen = (window.__buildaiWidgets = window.__buildaiWidgets || {});
  if (seen[appId]) return;
  seen[appId] = true;

  var HEX = /^#(?:[0-9a-fA-F]{3}){1,2}$/;
  var VISITOR = /^[A-Za-z0-9_-]{22}$/;
  var KEY = 'buildai-visitor:' + appId;
  function visitor() {
    try { var id = window.localStorage.getItem(KEY); return id && VISITOR.test(id) ? id : null; } catch (e) { return null; }
  }
  function textOn(hex) {
    var h = hex.slice(1);
    if (h.length === 3) h = h[0] + h[0] + h[1] + h[1] + h[2] + h[2];
    var r = parseInt(h.slice(0, 2), 16), g = parseInt(h.slice(2, 4), 16), b = parseInt(h.slice(4, 6), 16);
    return (r * 299 + g * 587 + b * 114) / 1000 > 160 ? '#111827' : '#ffffff';
  }
  var CHAT = '<svg width="26" height="26" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z"/></svg>';
  var ICONS = {
    chat: CHAT,
    sparkles: '<svg width="26" height="26" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M9.94 15.5A2 2 0 0 0 8.5 14.06l-6.14-1.58a.5.5 0 0 1 0-.96L8.5 9.94A2 2 0 0 0 9.94 8.5l1.58-6.14a.5.5 0 0 1 .96 0L14.06 8.5A2 2 0 0 0 15.5 9.94l6.14 1.58a.5.5 0 0 1 0 .96L15.5 14.06a2 2 0 0 0-1.44 1.44l-1.58 6.14a.5.5 0 0 1-.96 0z"/></svg>',
    help: '<svg width="26" height="26" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><circle cx="12" cy="12" r="10"/><path d="M9.09 9a3 3 0 0 1 5.83 1c0 2-3 3-3 3"/><path d="M12 17h.01"/></svg>',
    bot: '<svg width="26" height="26" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M12 8V4H8"/><rect width="16" height="12" x="4" y="8" rx="2"/><path d="M2 14h2"/><path d="M20 14h2"/><path d="M15 13v2"/><path d="M9 13v2"/></svg>'
  };
  var CLOSE = '<svg width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M18 6 6 18"/><path d="m6 6 12 12"/></svg>';

  function mount(info) {
    var w = (info && info.widget) || {};
    var colour = HEX.test(w.color || '') ? w.color
      : info && info.appStyle && HEX.test(info.appStyle.primaryColor) ? info.appStyle.primaryColor : '#4f46e5';
    var side = w.position === 'bottom-left' ? 'left' : 'right';
    var icon = ICONS[w.icon] || CHAT;
    var greetingText = typeof w.greeting === 'string' ? w.greeting : '';
    var GREETED = 'buildai-greeted:' + appId;
    var name = (info && info.header) || 'Assistant';
    var host = document.createElement('div');
    host.setAttribute('data-buildai-widget', appId);
    host.setAttribute('data-position', side === 'left' ? 'bottom-left' : 'bottom-right');
    host.style.cssText = 'position:fixed;z-index:2147483000;' + side + ':20px;bottom:20px;width:0;height:0;';
    var root = host.attachShadow ? host.attachShadow({ mode: 'open' }) : host;
    var style = document.createElement('style');
    style.textContent =
      '.bubble{position:fixed;' + side + ':20px;bottom:20px;width:56px;height:56px;border-radius:9999px;border:0;cursor:pointer;' +
      'display:flex;align-items:center;justify-content:center;box-shadow:0 8px 24px rgba(15,23,42,.25);' +
      'transition:transform .15s ease;padding:0;margin:0}' +
      '.bubble:hover{transform:scale(1.05)}.bubble:focus-visible{outline:3px solid rgba(99,102,241,.5);outline-offset:2px}' +
      '.panel{position:fixed;' + side + ':20px;bottom:88px;width:380px;height:600px;max-width:calc(100vw - 40px);' +
      'max-height:calc(100vh - 110px);border:0;border-radius:16px;background:#fff;overflow:hidden;' +
      'box-shadow:0 16px 48px rgba(15,23,42,.28);display:none}' +
      '.panel.open{display:block}' +
      '.greeting{position:fixed;' + side + ':20px;bottom:88px;max-width:min(280px,calc(100vw - 40px));box-sizing:border-box;' +
      'padding:12px 32px 12px 14px;border-radius:14px;background:#fff;color:#111827;font:14px/1.4 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;' +
      'box-shadow:0 8px 24px rgba(15,23,42,.18);cursor:pointer;text-align:left;border:1px solid rgba(15,23,42,.08)}' +
      '.greeting .dismiss{position:absolute;top:4px;right:4px;width:24px;height:24px;border:0;background:transparent;color:#6b7280;' +
      'cursor:pointer;border-radius:9999px;font-size:16px;line-height:24px;padding:0}' +
      '.greeting .dismiss:hover{background:#f3f4f6}' +
      '@media (max-width:480px){.panel{' + side + ':0;bottom:0;width:100vw;height:100%;max-width:100vw;max-height:100vh;border-radius:0}' +
      '.panel.open ~ .bubble{display:none}}';
    var frame = null;
    var button = document.createElement('button');
    button.type = 'button';
    button.className = 'bubble';
    button.style.background = colour;
    button.style.color = textOn(colour);
    var open = false;
    var greeting = null;
    function greeted() {
      try { return window.sessionStorage.getItem(GREETED) === '1'; } catch (e) { return false; }
    }
    function dropGreeting() {
      if (greeting && greeting.parentNode) greeting.parentNode.removeChild(greeting);
      greeting = null;
      try { window.sessionStorage.setItem(GREETED, '1'); } catch (e) {}
    }
    if (greetingText && !greeted()) {
      greeting = document.createElement('div');
      greeting.className = 'greeting';
      greeting.setAttribute('role', 'status');
      greeting.setAttribute('data-buildai-greeting', '');
      var words = document.createElement('span');
      words.textContent = greetingText;
      var dismiss = document.createElement('button');
      dismiss.type = 'button';
      dismiss.className = 'dismiss';
      dismiss.setAttribute('aria-label', 'Dismiss');
      dismiss.textContent = '\u00d7';
      dismiss.addEventListener('click', function (event) { event.stopPropagation(); dropGreeting(); });
      greeting.appendChild(words);
      greeting.appendChild(dismiss);
      greeting.addEventListener('click', function () { toggle(true); });
    }
    function render() {
      button.innerHTML = open ? CLOSE : icon;
      button.setAttribute('aria-label', open ? 'Close chat' : 'Chat with ' + name);
      button.setAttribute('aria-expanded', open ? 'true' : 'false');
      if (frame) frame.className = open ? 'panel open' : 'panel';
    }
    function toggle(next) {
      open = next;
      if (open && !frame) {
        frame = document.createElement('iframe');
        frame.className = 'panel';
        frame.title = 'Chat with ' + name;
        var known = visitor();
        frame.src = origin + '/embed/' + encodeURIComponent(appId) + (known ? '#visitor=' + known : '');
        frame.setAttribute('allow', 'clipboard-write');
        root.insertBefore(frame, button);
      }
      if (open) dropGreeting();
      render();
      if (open && frame) frame.focus();
    }
    button.addEventListener('click', function () { toggle(!open); });
    window.addEventListener('message', function (event) {
      if (event.origin !== origin || !frame || event.source !== frame.contentWindow) return;
      var data = event.data || {};
      if (data.type === 'buildai:close') { toggle(false); button.focus(); }
      if (data.type === 'buildai:visitor' && typeof data.id === 'string' && VISITOR.test(data.id)) {
        try { window.localStorage.setItem(KEY, data.id); } catch (e) {}
      }
    });
    document.addEventListener('keydown', function (event) {
      if (open && event.key === 'Escape') toggle(false);
    });
    root.appendChild(style);
    if (greeting) root.appendChild(greeting);
    root.appendChild(button);
    render();
    (document.body || document.documentElement).appendChild(host);
    if (w.openOnLoad === true && window.innerWidth > 480) toggle(true);
  }

  function json(url) {
    return fetch(url).then(function (res) { return res.ok ? res.json() : null; });
  }
  Promise.all([
    json(origin + '/api/apps/' + encodeURIComponent(appId) + '/assistant/info'),
    json(origin + '/embed-allowed/' + encodeURIComponent(appId))
  ])
    .then(function (answers) {
      var info = answers[0], check = answers[1];
      if (check && check.allowed === false) {
        // the frame would be refused here: no bubble, and a word for the site's builder
        if (window.console) console.warn('BuildAI: this site (' + location.origin + ') is not one of the sites allowed to show the assistant of app ' + appId + '. Add it under the assistant\'s allowed sites in BuildAI.');
        return;
      }
      if (info) mount(info);
    })
    .catch(function () {});
})();
`;
