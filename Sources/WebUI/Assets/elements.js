// Building and finding the page's elements; the toast that confirms an action.

export function $(id) { return document.getElementById(id); }

export function element(tag, className, text) {
  var node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined && text !== null) node.textContent = text;
  return node;
}

// A link to a page on the web: http(s) only. Anything else read from the knowledge base
// (javascript:, data:, a relative path) is left without an address, never followed.
export function webAddress(url) {
  return typeof url === 'string' && /^https?:\/\/[^\s]/i.test(url) ? url : null;
}

export function setWebLink(anchor, url) {
  var address = webAddress(url);
  if (address) anchor.href = address; else anchor.removeAttribute('href');
  return anchor;
}

var toastTimer = null;

export function toast(message) {
  var node = $('toast');
  node.textContent = message;
  node.classList.add('shown');
  clearTimeout(toastTimer);
  toastTimer = setTimeout(function () { node.classList.remove('shown'); }, 2500);
}
