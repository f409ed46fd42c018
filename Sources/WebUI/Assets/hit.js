// One search result: the exact quote, who said it where, and what can be done with it.
import { copyCitation } from './copy.js';
import { $, element, setWebLink, webAddress } from './elements.js';
import { documentRoute } from './routes.js';
import { timestamp } from './wording.js';

// The quote of the result last opened in its document: a page's passages share the
// section's citation id, and this tells them apart.
export var lastQuote = null;

// The plain words of a query, for highlighting (operators, filters and quotes dropped).
function queryWords(text) {
  return text.replace(/\b[a-z]+:\S+/gi, ' ').split(/[\s"()“”]+/).filter(function (word) {
    return word && word !== 'OR' && word !== 'NOT' && word.charAt(0) !== '-';
  }).map(function (word) { return word.replace(/\*$/, '').toLowerCase(); }).filter(function (word) {
    return word.length > 1;
  });
}

function highlighted(text, words) {
  var fragment = document.createDocumentFragment();
  if (!words.length) { fragment.appendChild(document.createTextNode(text)); return fragment; }
  var escaped = words.map(function (word) { return word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'); });
  var pattern = new RegExp('(^|[^\\p{L}\\p{N}])(' + escaped.join('|') + ')', 'giu');
  var last = 0;
  var match;
  while ((match = pattern.exec(text)) !== null) {
    var start = match.index + match[1].length;
    var end = start + match[2].length;
    if (start > last) fragment.appendChild(document.createTextNode(text.slice(last, start)));
    fragment.appendChild(element('mark', 'hl', text.slice(start, end)));
    last = end;
    if (match[0].length === 0) pattern.lastIndex++;
  }
  if (last < text.length) fragment.appendChild(document.createTextNode(text.slice(last)));
  return fragment;
}

// The time of a talk passage, the section of a page's.
export function momentText(hit) {
  if (hit.timestamp) return hit.timestamp;
  return hit.heading || (hit.anchor ? '#' + hit.anchor : '');
}

export function hitItem(hit, queryText) {
  var item = $('hit-template').content.firstElementChild.cloneNode(true);
  var isTalk = hit.start !== null && hit.start !== undefined;
  var quote = item.querySelector('.quote');
  if (hit.passageKind === 'code') quote.classList.add('code');
  quote.querySelector('p').appendChild(highlighted(hit.quote, queryWords(queryText || '')));
  if (webAddress(hit.link)) quote.setAttribute('cite', hit.link);
  var speaker = item.querySelector('.speaker');
  if (hit.speaker) speaker.textContent = hit.speaker; else speaker.remove();
  item.querySelector('.title').textContent = hit.source.title;
  var moment = item.querySelector('.moment');
  if (momentText(hit)) moment.textContent = momentText(hit); else moment.remove();
  // A deprecated API must never be cited as current: said beside its title.
  if (hit.source.deprecated) {
    item.querySelector('.where').appendChild(element('strong', 'deprecated', 'Deprecated API: not to be cited as current'));
  }
  var open = item.querySelector('.open');
  setWebLink(open, hit.link);
  if (isTalk) {
    var at = hit.matchStart !== null && hit.matchStart !== undefined ? timestamp(hit.matchStart) : hit.timestamp;
    open.textContent = 'Play at ' + at;
    open.setAttribute('aria-label', 'Play “' + hit.source.title + '” at ' + at + ' on Apple’s site (opens a new tab)');
  } else {
    open.textContent = 'Open section';
    open.setAttribute('aria-label', 'Open ' + (hit.heading ? '“' + hit.heading + '” in ' : '') + '“' + hit.source.title + '” on Apple’s site (opens a new tab)');
  }
  var transcript = item.querySelector('.transcript');
  transcript.href = documentRoute(hit.source.id, { cite: hit.citation });
  transcript.textContent = isTalk ? 'Transcript' : 'Page';
  transcript.setAttribute('aria-label', (isTalk ? 'Read the transcript at ' : 'Read the page at ') + momentText(hit));
  transcript.addEventListener('click', function () { lastQuote = hit.quote; });
  Array.prototype.forEach.call(item.querySelectorAll('.copy'), function (button) {
    var format = button.getAttribute('data-format');
    if (!button.closest('details')) button.setAttribute('aria-label', 'Copy the Markdown citation of ' + hit.citation);
    button.addEventListener('click', function () {
      copyCitation(hit.citation, format, button);
      var details = button.closest('details');
      if (details) { details.open = false; details.querySelector('summary').focus(); }
    });
  });
  item.querySelector('.citation').textContent = hit.citation;
  item.setAttribute('aria-label', hit.source.title + (momentText(hit) ? ', ' + momentText(hit) : ''));
  item.dataset.citation = hit.citation;
  return item;
}
