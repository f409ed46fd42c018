// The page's addresses, all in the URL hash: #/search?q=…&kind=…, #/verify, #/docs,
// #/doc/<document id>?cite=<citation id> or ?p=<passage number>; `/?q=…` is taken in as
// #/search?q=….
import { $ } from './elements.js';

export function query(params) {
  var parts = [];
  Object.keys(params).forEach(function (key) {
    var value = params[key];
    if (value !== undefined && value !== null && value !== '') parts.push(key + '=' + encodeParameter(String(value)));
  });
  return parts.length ? '?' + parts.join('&') : '';
}

// Percent-encoding that keeps a citation id readable (`tech-talks/111463@3:46`).
function encodeParameter(value) {
  return encodeURIComponent(value).replace(/%2F/g, '/').replace(/%40/g, '@').replace(/%3A/g, ':');
}

// A search given as `/?q=…` (a browser's search engine, OpenSearch, a link): moved into the
// hash, where the page keeps its addresses, without a new history entry. Returns whether
// it did.
export function adoptQueryString() {
  if (location.hash.replace(/^#\/?/, '') !== '') return false;
  var search = new URLSearchParams(location.search);
  if (!search.has('q')) return false;
  var params = {};
  ['q', 'kind', 'event', 'year', 'lang'].forEach(function (key) {
    if (search.get(key)) params[key] = search.get(key);
  });
  history.replaceState(null, '', location.pathname + '#/search' + query(params));
  return true;
}

export function documentRoute(id, params) { return '#/doc/' + id + query(params || {}); }

export function parseRoute() {
  var hash = location.hash.replace(/^#\/?/, '');
  var mark = hash.indexOf('?');
  var path = mark < 0 ? hash : hash.slice(0, mark);
  var params = {};
  if (mark >= 0) {
    hash.slice(mark + 1).split('&').forEach(function (pair) {
      if (!pair) return;
      var equals = pair.indexOf('=');
      var key = decodeURIComponent(equals < 0 ? pair : pair.slice(0, equals));
      params[key] = equals < 0 ? '' : decodeURIComponent(pair.slice(equals + 1).replace(/\+/g, ' '));
    });
  }
  if (path.indexOf('doc/') === 0) return { name: 'doc', id: path.slice(4), params: params };
  if (path === 'verify' || path === 'docs') return { name: path, params: params };
  return { name: 'search', params: params };
}

var views = ['search', 'verify', 'docs', 'doc', 'token'];

export function showView(name) {
  views.forEach(function (view) { $('view-' + view).hidden = view !== name; });
  var section = name === 'doc' ? 'docs' : name;
  Array.prototype.forEach.call(document.querySelectorAll('[data-nav]'), function (link) {
    if (link.getAttribute('data-nav') === section) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
  });
}

export function focusHeading(id) { $(id).focus(); }
