// The page's addresses, all in the URL hash: #/search?q=…&kind=…, #/verify, #/docs,
// #/doc/<document id>?cite=<citation id> or ?p=<passage number>.
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
