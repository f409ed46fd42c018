// Building and finding the page's elements; the toast that confirms an action.

export function $(id) { return document.getElementById(id); }

export function element(tag, className, text) {
  var node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined && text !== null) node.textContent = text;
  return node;
}

var toastTimer = null;

export function toast(message) {
  var node = $('toast');
  node.textContent = message;
  node.classList.add('shown');
  clearTimeout(toastTimer);
  toastTimer = setTimeout(function () { node.classList.remove('shown'); }, 2500);
}
