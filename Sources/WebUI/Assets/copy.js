// Copying a citation, in the format asked for, as the server's `cite` writes it.
import { api, ApiError, errorText } from './api.js';
import { element, toast } from './elements.js';
import { query } from './routes.js';

function writeClipboard(text) {
  if (navigator.clipboard && window.isSecureContext) {
    return navigator.clipboard.writeText(text).catch(function () { return legacyCopy(text); });
  }
  return legacyCopy(text);
}

// Outside a secure context (a server reached by a LAN address) the Clipboard API is absent.
function legacyCopy(text) {
  var area = element('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.className = 'visually-hidden';
  document.body.appendChild(area);
  area.select();
  var copied = false;
  try { copied = document.execCommand('copy'); } catch (ignored) { copied = false; }
  document.body.removeChild(area);
  return copied ? Promise.resolve() : Promise.reject(new Error('copy refused'));
}

var formatNames = { markdown: 'Markdown', text: 'plain text', 'csl-json': 'CSL-JSON' };

// `button` keeps what it copied in `data-copied`.
export function copyCitation(citation, format, button) {
  api('/api/cite' + query({ id: citation, format: format })).then(function (answer) {
    return writeClipboard(answer.text).then(function () {
      if (button) button.setAttribute('data-copied', answer.text);
      toast('Copied the ' + (formatNames[format] || format) + ' citation of ' + citation);
    });
  }).catch(function (error) {
    toast(error instanceof ApiError ? errorText(error) : 'The browser refused to copy.');
  });
}
