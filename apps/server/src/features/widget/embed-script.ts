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
  var CLOSE = '<svg width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M18 6 6 18"/><path d="m6 6 12 12"/></svg>';

  function mount(info) {
    var colour = info && info.appStyle && HEX.test(info.appStyle.primaryColor) ? info.appStyle.primaryColor : '#4f46e5';
    var name = (info && info.header) || 'Assistant';
    var host = document.createElement('div');
    host.setAttribute('data-buildai-widget', appId);
    host.style.cssText = 'position:fixed;z-index:2147483000;right:20px;bottom:20px;width:0;height:0;';
    var root = host.attachShadow ? host.attachShadow({ mode: 'open' }) : host;
    var style = document.createElement('style');
    style.textContent =
      '.bubble{position:fixed;right:20px;bottom:20px;width:56px;height:56px;border-radius:9999px;border:0;cursor:pointer;' +
      'display:flex;align-items:center;justify-content:center;box-shadow:0 8px 24px rgba(15,23,42,.25);' +
      'transition:transform .15s ease;padding:0;margin:0}' +
      '.bubble:hover{transform:scale(1.05)}.bubble:focus-visible{outline:3px solid rgba(99,102,241,.5);outline-offset:2px}' +
      '.panel{position:fixed;right:20px;bottom:88px;width:380px;height:600px;max-width:calc(100vw - 40px);' +
      'max-height:calc(100vh - 110px);border:0;border-radius:16px;background:#fff;overflow:hidden;' +
      'box-shadow:0 16px 48px rgba(15,23,42,.28);display:none}' +
      '.panel.open{display:block}' +
      '@media (max-width:480px){.panel{right:0;bottom:0;width:100vw;height:100%;max-width:100vw;max-height:100vh;border-radius:0}' +
      '.panel.open ~ .bubble{display:none}}';
    var frame = null;
    var button = document.createElement('button');
    button.type = 'button';
    button.className = 'bubble';
    button.style.background = colour;
    button.style.color = textOn(colour);
    var open = false;
    function render() {
      button.innerHTML = open ? CLOSE : CHAT;
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
    root.appendChild(button);
    render();
    (document.body || document.documentElement).appendChild(host);
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
