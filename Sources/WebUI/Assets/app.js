// duo-kb's page: search as you type, verify a write-up, read a document. It talks only to
// its own server's JSON API (/api/...) and loads nothing else; each view has its module,
// and its address in the URL hash (routes.js).
import { pendingRoute, useToken } from './api.js';
import { enterDocument, enterDocuments } from './documents.js';
import { $ } from './elements.js';
import { fillFilters } from './filters.js';
import { adoptQueryString, focusHeading, parseRoute, showView } from './routes.js';
import { enterSearch, forgetSearch, wireSearch } from './search.js';
import { showStatus } from './status.js';
import { wireVerify } from './verify.js';

var currentView = null;

function route() {
  var target = parseRoute();
  var changed = currentView !== target.name;
  currentView = target.name;
  showView(target.name);
  if (target.name === 'search') enterSearch(target.params, changed);
  else if (target.name === 'verify') { if (changed) focusHeading('verify-title'); }
  else if (target.name === 'docs') enterDocuments();
  else if (target.name === 'doc') enterDocument(target.id, target.params);
}

function isTyping(target) {
  return target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT' || target.isContentEditable);
}

function wireToken() {
  $('token-form').addEventListener('submit', function (event) {
    event.preventDefault();
    useToken($('token').value);
    $('token').value = '';
    forgetSearch();
    currentView = null;
    fillFilters();
    showStatus();
    if (location.hash === pendingRoute) route(); else location.hash = pendingRoute || '#/search';
  });
}

// `/` reaches the search box from anywhere in the search view.
function wireSlash() {
  document.addEventListener('keydown', function (event) {
    if (event.key === '/' && !isTyping(event.target) && currentView === 'search') {
      event.preventDefault();
      $('q').focus();
      $('q').select();
    }
  });
}

wireSearch();
wireVerify();
wireToken();
wireSlash();
window.addEventListener('hashchange', route);
adoptQueryString();
fillFilters();
showStatus();
route();
